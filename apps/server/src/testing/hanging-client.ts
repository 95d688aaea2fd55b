import { connect, type Socket } from 'node:net';

/** A client on loopback that sends a login's headers and part of its body, then nothing more. */
export async function hangingClient(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.on('error', () => undefined);
  socket.write(
    'POST /s2c/auth/v1/token/agent HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":',
  );
  return socket;
}
