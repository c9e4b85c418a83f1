// A process for process-faults.test.ts: installs the store's fault handlers, then rejects a
// promise nobody handles with the error argv names, and stays alive a moment to show the outcome.
import { createLogger } from '../logger.ts';
import { installProcessFaultHandlers } from '../process-faults.ts';

const logger = createLogger('info');
installProcessFaultHandlers(logger, (reason, exitCode) => {
  logger.info({ reason }, 'stopping');
  process.exit(exitCode);
});
const error =
  process.argv[2] === 'connection'
    ? Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })
    : new Error('a bug');
void Promise.reject(error);
setTimeout(() => {
  logger.info('still serving');
  process.exit(0);
}, 300);
