// Starts the built server for the end-to-end suite on a fresh embedded
// database in a temporary folder, removed when the server stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'club-e2e-'));
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The journeys ask for a second mail seconds after the first.
    MAIL_RESEND_QUIET_SECONDS: '1',
    // Every browser of the suite is one client address: its registrations and enroll calls are many.
    REGISTRATION_ADDRESS_FREE_ATTEMPTS: '1000000',
    ENROLL_ADDRESS_FREE_REQUESTS: '1000000',
    // The points journey sends bookings through the queue endpoint.
    BOOKING_QUEUE_API_KEY: 'e2e-booking-queue-key-0123456789',
    // Greece is a partner-programme country (spec 2 §6): its members go here instead of gifts.
    PARTNER_PROGRAMME_URL: 'https://partner.example/club',
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
