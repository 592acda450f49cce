// Apache Ant: a failure inside a build file another build file called (`<ant>`, `<subant>`, `<antcall>`, `<import>`ed
// targets) is printed under `BUILD FAILED` as a chain, outermost first: each caller's line ends in `The following error
// occurred while executing this line:`, and the last line is the task that failed (`…/server/build.xml:3: Java
// returned: 1`). The chain is a call stack of build files, innermost last: the failing task is the place, unless it
// lies in a build file outside the workspace (the Android SDK's `tools/ant/build.xml`), whose caller is then the one
// the user owns. A lone `build.xml:N: msg` under `BUILD FAILED`, with no chain, is left to the generic tier.
// Link: https://ant.apache.org/manual/Tasks/ant.html
import type { GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';

const FOLLOWING = 'The following error occurred while executing this line:';
// A build file's line: the path (spaces allowed, a drive letter's colon too) up to `:N: `, then Ant's message.
const HEAD = /^\s*((?:[A-Za-z]:)?[^:\n]{1,400}?\.(?:xml|ant)):(\d+): (.*)$/i;
// The Android SDK's own build rules (SDK Tools before r25 built apps with Ant): `<sdk>/tools/ant/build.xml` is the
// toolchain's, never the workspace's `build.xml` that imports it, whatever folder the SDK was unpacked in.
const ANDROID_SDK_RULES = /sdk[^\\/]{0,40}[\\/]tools[\\/]ant[\\/][^\\/]+$/i;
// How far a chain may run: Ant nests as deep as the build files call each other, a few levels in practice.
const REACH = 40;

interface AntState {
  trace: number;
  index: number;
  lastLine: number;
  message: string;
}

function isCaller(text: string | undefined): boolean {
  const head = HEAD.exec(text ?? '');
  return head !== null && (head[3] ?? '').trim() === FOLLOWING;
}

// The failing task's message: the first line below the chain's head that is no caller's.
function failure(context: LineContext): string {
  for (let delta = 1; delta <= REACH; delta++) {
    const text = context.line(delta);
    if (text === undefined) break;
    if (isCaller(text)) continue;
    const head = HEAD.exec(text);
    return (head?.[3] ?? '').trim();
  }
  return '';
}

function parseAnt(context: LineContext): boolean {
  const head = HEAD.exec(context.text);
  if (!head) return false;
  const caller = (head[3] ?? '').trim() === FOLLOWING;
  // The failing task is the line right under the last caller; any other `x.xml:N:` line is not Ant's chain.
  if (!caller && !isCaller(context.line(-1))) return false;
  const state = context.state<AntState>(() => ({ trace: 0, index: 0, lastLine: -1, message: '' }));
  if (state.lastLine < 0 || context.logLine - state.lastLine > 1) {
    state.trace = context.newTraceId();
    state.index = 0;
    state.message = caller ? failure(context) : (head[3] ?? '').trim();
  }
  state.lastLine = context.logLine;
  context.emit({
    file: head[1] ?? '',
    line: Number(head[2]),
    severity: null,
    message: state.message,
    frame: { trace: state.trace, index: state.index++, causeRank: 0 },
    ...(ANDROID_SDK_RULES.test(head[1] ?? '') ? { hints: { runtime: true } } : {}),
  });
  return true;
}

const ant: GrammarFormat = {
  name: 'ant',
  trace: { innermost: 'last', causes: 'none' },
  language: 'Java',
  description:
    '`ant`: under `BUILD FAILED`, `/x/build.xml:3: The following error occurred while executing this line:` for each calling ' +
    'build file, outermost first, then the failing task `/x/server/build.xml:3: Java returned: 1`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'message'],
  observed: true,
  url: 'https://ant.apache.org/manual/Tasks/ant.html',
  anchor: String.raw`\.(?:xml|ant):\d+: `,
  parse: parseAnt,
};

export const antFamily: GrammarFamily = { formats: [ant] };
