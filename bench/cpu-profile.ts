// The server's CPU profile over one stretch of a benchmark, through the inspector protocol of a server
// started with --inspect (BENCH_CPU_PROFILE=1), summarised as the functions that used the most CPU.
import WebSocket from 'ws';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Whether the benchmarks profile the server (and start it with --inspect). */
export const profiling = process.env.BENCH_CPU_PROFILE === '1';

/** Connects to the inspector of the server at `inspectPort` and profiles it while `work` runs. */
export async function profileDuring<T>(inspectPort: number, work: () => Promise<T>): Promise<{ result: T; profile: Profile }> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = ++nextId;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { id?: number; result: Record<string, unknown> };
        if (message.id !== id) return;
        socket.off('message', onMessage);
        resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('Profiler.enable');
    await call('Profiler.setSamplingInterval', { interval: 200 });
    await call('Profiler.start');
    const result = await work();
    const { profile } = (await call('Profiler.stop')) as unknown as { profile: Profile };
    return { result, profile };
  } finally {
    socket.close();
  }
}

/** Where a function is: its file under the project (or the package in node_modules) and line. */
function place(frame: ProfileNode['callFrame']): string {
  const url = frame.url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  const file = inPackage ? `${inPackage[1]}:${inPackage[2]}` : url.replace(/^.*\/dist\//, 'dist/') || '(native)';
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

/**
 * The functions with the most CPU time of their own (self time), as a share of the profiled CPU time
 * (idle excluded), and per request when `requests` were answered in the stretch.
 */
export function topFunctions(profile: Profile, requests: number, count = 5): string[] {
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const byPlace = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const micros = self.get(node.id) ?? 0;
    if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)' && micros === 0) continue;
    busy += micros;
    byPlace.set(place(node.callFrame), (byPlace.get(place(node.callFrame)) ?? 0) + micros);
  }
  return [...byPlace.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, micros]) => `${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${(micros / 1000 / Math.max(1, requests)).toFixed(3)} ms/request  ${where}`);
}
