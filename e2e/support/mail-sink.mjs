// A real SMTP server for the end-to-end suite: the club's server sends its
// mail here (SMTP_URL), and the tests read the parsed messages over HTTP:
//   GET /messages            every message so far, oldest first
//   GET /health              200 when both listeners are up
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 2526);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 3199);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          from: mail.from?.text ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((request, response) => {
  if (request.url === '/health') return response.end('ok');
  if (request.url === '/messages') {
    response.setHeader('content-type', 'application/json');
    return response.end(JSON.stringify(messages));
  }
  response.statusCode = 404;
  response.end();
}).listen(httpPort, '127.0.0.1');

const stop = () => process.exit(0);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
