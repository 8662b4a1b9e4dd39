// npm run user:set-role -- <email> <role>
import { ROLES, type Role } from '../src/common/roles.js';
import { fail, runOperatorCommand } from './operator-command.js';

async function main() {
  const [email, role] = process.argv.slice(2);
  if (!email || !role) fail('Usage: npm run user:set-role -- <email> <admin|expert|user>');
  if (!ROLES.includes(role as Role)) fail(`Unknown role '${role}'. Use one of: ${ROLES.join(', ')}.`);
  await runOperatorCommand('/api/internal/set-role', { email, role }, async (db) => {
    const { setUserRole } = await import('../src/server/features/ops/index.js');
    await setUserRole(db, email, role as Role);
  });
  console.log(`${email} now has the role ${role}. They see it after their next page load.`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
