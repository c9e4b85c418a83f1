import type { Config } from '@react-router/dev/config';
import { PRERENDERED_PATHS } from './src/domain/site-map';

export default {
  appDirectory: 'src/client',
  buildDirectory: 'build',
  ssr: true,
  routeDiscovery: { mode: 'initial' },
  prerender: [...PRERENDERED_PATHS],
} satisfies Config;
