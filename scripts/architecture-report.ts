// The architecture's numbers (docs/ARCHITECTURE.md, "Features and their doors"), computed from the tree:
// imports that bypass a feature's door, import cycles, copies of the booking-access rule, long files and the
// architecture document's length. `node --import tsx scripts/architecture-report.ts` prints them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { boundaryViolation, folderCycles, importEdges, moduleCycles, sourceFiles } from '../eslint-rules/import-graph.js';

const LONG_FILE_LINES = 300;
/** Files that are data rather than code: the knowledge base's articles, the demo experts, migrations. */
const DATA_FILE = /knowledge-base\/articles\/|server\/seed\/demo-experts\.ts$|db\/migrations\//;
/** A party check written out: `booking.userId === …` or `… === record.expert.userId`. */
const PARTY_CHECK = /\b(?:booking|expert)\.userId\s*[!=]==|[!=]==\s*[\w.]*\b(?:booking|expert)\.userId\b/;
const BOOKING_ACCESS_MODULE = 'src/server/features/bookings/booking-access.ts';

export interface ArchitectureReport {
  doorBypasses: string[];
  moduleCycles: string[][];
  folderCycles: string[][];
  bookingAccessCopies: string[];
  longFiles: { file: string; lines: number }[];
  architectureWords: number;
}

export function architectureReport(root: string): ArchitectureReport {
  const edges = importEdges(root);
  const doorBypasses = edges.flatMap(({ from, to }) => {
    const problem = boundaryViolation(root, from, to);
    return problem ? [`${path.relative(root, from)}: ${problem}`] : [];
  });
  const files = sourceFiles(path.join(root, 'src')).map((file) => path.relative(root, file));
  const code = files.filter((file) => !/\.test\.tsx?$/.test(file) && !file.startsWith('src/server/test/'));
  const text = (file: string) => readFileSync(path.join(root, file), 'utf8');
  return {
    doorBypasses,
    moduleCycles: moduleCycles(root, edges),
    folderCycles: folderCycles(root, edges),
    bookingAccessCopies: code.filter((file) => file.startsWith('src/server/') && file !== BOOKING_ACCESS_MODULE && PARTY_CHECK.test(text(file))),
    longFiles: code
      .filter((file) => !DATA_FILE.test(file))
      .map((file) => ({ file, lines: text(file).split('\n').length }))
      .filter(({ lines }) => lines > LONG_FILE_LINES),
    architectureWords: text('docs/ARCHITECTURE.md').split(/\s+/).filter(Boolean).length,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = architectureReport(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const list = (items: string[]) => items.map((item) => `    ${item}`).join('\n');
  console.log(`imports that bypass a feature's door: ${report.doorBypasses.length}\n${list(report.doorBypasses)}`);
  console.log(`module cycles: ${report.moduleCycles.length}\n${list(report.moduleCycles.map((c) => c.join(' <-> ')))}`);
  console.log(`folder cycles: ${report.folderCycles.length}\n${list(report.folderCycles.map((c) => c.join(' <-> ')))}`);
  console.log(`booking-access checks outside ${BOOKING_ACCESS_MODULE}: ${report.bookingAccessCopies.length}\n${list(report.bookingAccessCopies)}`);
  console.log(`code files over ${LONG_FILE_LINES} lines (not data): ${report.longFiles.length}\n${list(report.longFiles.map(({ file, lines }) => `${file} (${lines})`))}`);
  console.log(`docs/ARCHITECTURE.md: ${report.architectureWords} words`);
}
