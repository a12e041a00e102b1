import { prepareDatabaseTemplates } from './db-templates';

// one migrated database per run, copied by each test file (see db-templates.ts)
export default function setup(): Promise<() => Promise<void>> {
  return prepareDatabaseTemplates();
}
