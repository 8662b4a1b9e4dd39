// `npm test`: the type check, lint and the build (web app and server) side by side, then, if all three passed, the
// unit and API tests, then the browser journeys, whatever the unit and API tests gave. One after the other:
// side by side, the two suites overload a two-core machine many times over, and on a machine slower than
// usual the tests that start servers or hash passwords run past their time limits; alone, each suite has
// the machine its worker counts were chosen for. Each stage's output is printed in one piece when its phase
// ends, with how long it took, so CI shows where its time goes; a failed stage's output comes last, and
// the summary repeats its failing lines, so the end of a CI log that keeps only its tail still says what
// failed.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const phases = [
  [
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ['lint', 'npm', ['run', '--silent', 'lint']],
    ['build', 'node', ['scripts/build-if-needed.mjs']],
  ],
  [['unit/API', 'npm', ['run', '--silent', 'test:unit']]],
  [['journeys', 'npm', ['run', '--silent', 'test:e2e']]],
];
/** The phases after this one run whatever it gives: both suites report their failures. */
const CHECKS = 0;

const started = performance.now();
const seconds = (since) => Math.round((performance.now() - since) / 1000);

/** Runs one stage with its output held back; says when it ends and hands its output to the phase. */
function run([name, command, args]) {
  return new Promise((resolve) => {
    const stageStarted = performance.now();
    const output = [];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const done = (code) => {
      const time = seconds(stageStarted);
      console.log(`stage ${name}: ${time} s${code === 0 ? '' : ' (failed)'}`);
      resolve({ name, time, passed: code === 0, output: Buffer.concat(output).toString() });
    };
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      done(1);
    });
  });
}

/** The lines of a test runner's output that name a failure, without colour codes, at most 40. */
function failingLines(output) {
  return stripVTControlCharacters(output)
    .split('\n')
    .filter((line) => /(^|\s)(FAIL|×|✗)\s|Error:|AssertionError|Test timed out|Unhandled|\d+:\d+\s+error\s|error TS\d+/.test(line))
    .slice(0, 40);
}

const results = [];
for (const phase of phases) {
  console.log(`Running ${phase.map(([name]) => name).join(', ')}...`);
  const outcomes = await Promise.all(phase.map(run));
  for (const outcome of [...outcomes].sort((a, b) => Number(b.passed) - Number(a.passed))) {
    process.stdout.write(`\n===== ${outcome.name} =====\n${outcome.output}`);
    console.log(`stage ${outcome.name}: ${outcome.time} s${outcome.passed ? '' : ' (failed)'}`);
  }
  results.push(...outcomes);
  if (phases.indexOf(phase) === CHECKS && outcomes.some((outcome) => !outcome.passed)) break;
}

console.log('\n===== summary =====');
for (const { name, time, passed } of results) console.log(`stage ${name}: ${time} s${passed ? '' : ' (failed)'}`);
console.log(`npm test: ${seconds(started)} s`);
const failed = results.filter((result) => !result.passed).map((result) => result.name);
if (failed.length) {
  for (const { name, output, passed } of results) {
    if (passed) continue;
    console.log(`\n===== what failed in ${name} =====`);
    console.log(failingLines(output).join('\n') || '(no failing test named; see its output above)');
  }
  console.log(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
