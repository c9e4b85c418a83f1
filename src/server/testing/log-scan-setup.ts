import { afterAll } from 'vitest';
import { takeFindings } from './log-scan.ts';

// No log line of a server suite may hold personal data (log-scan.ts): the file that wrote one fails.
afterAll(() => {
  const findings = takeFindings();
  if (findings.length > 0) {
    throw new Error(
      `Personal data in ${findings.length} log line(s):\n${findings.map((f) => `${f.what}: ${f.line}`).join('\n')}`,
    );
  }
});
