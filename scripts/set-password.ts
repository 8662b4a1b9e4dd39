// npm run user:set-password -- <email> [--password <password>]
// Without --password the password is read from standard input: typed without echo at a terminal, or
// the first line of what is piped in (`echo 'new password' | npm run user:set-password -- <email>`).
import { fail, runOperatorCommand } from './operator-command.js';

async function pipedLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

function typedWithoutEcho(): Promise<string> {
  return new Promise((resolve) => {
    process.stdout.write('New password: ');
    process.stdin.setRawMode(true);
    process.stdin.setEncoding('utf8');
    let typed = '';
    const onData = (keys: string) => {
      for (const key of keys) {
        if (key === '\u0003') process.exit(130);
        if (key === '\r' || key === '\n') {
          process.stdin.setRawMode(false);
          process.stdin.off('data', onData);
          process.stdin.pause();
          process.stdout.write('\n');
          return resolve(typed);
        }
        typed = key === '\u007f' || key === '\b' ? typed.slice(0, -1) : typed + key;
      }
    };
    process.stdin.on('data', onData);
  });
}

async function main() {
  const args = process.argv.slice(2);
  const flag = args.indexOf('--password');
  const password = flag >= 0 ? args[flag + 1] : undefined;
  const [email] = flag >= 0 ? args.filter((_, i) => i !== flag && i !== flag + 1) : args;
  if (!email || (flag >= 0 && password === undefined)) fail('Usage: npm run user:set-password -- <email> [--password <password>]');
  const chosen = password ?? (process.stdin.isTTY ? await typedWithoutEcho() : await pipedLine());
  await runOperatorCommand('/api/internal/set-password', { email, password: chosen }, async (db) => {
    const { setUserPassword } = await import('../src/server/auth/set-password.js');
    await setUserPassword(db, email, chosen);
  });
  console.log(`${email} can now sign in with the new password. Their other sessions were ended.`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
