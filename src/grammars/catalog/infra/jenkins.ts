// Jenkins pipelines: a Jenkinsfile that does not compile fails the build before any stage with Groovy's
// `startup failed:` and one `WorkflowScript: 42: unexpected char: '#' @ line 42, column 1.` per error, the source
// line and a caret under it. `WorkflowScript` is Jenkins' name for the pipeline script, whatever its path: the job
// log says which file it read earlier, `Obtained ci/Jenkinsfile from git https://…` (or `from <commit>`), and a job
// that prints none reads the default `Jenkinsfile`.
// Link: https://www.jenkins.io/doc/book/pipeline/jenkinsfile/ , https://www.jenkins.io/doc/book/pipeline/syntax/
import type { GrammarFormat, LineContext } from '../../engine/format.js';

const OBTAINED = /^Obtained (\S+) from \S/;
const WORKFLOW_ERROR = /^WorkflowScript: (\d+): (.*?) @ line (\d+), column (\d+)\.\s*$/;

interface PipelineState {
  script: string | undefined;
}

function parseJenkinsPipeline(context: LineContext): boolean {
  const state = context.state<PipelineState>(() => ({ script: undefined }));
  const obtained = OBTAINED.exec(context.text);
  if (obtained) {
    // A script path is often extensionless or named for the job (`Jenkinsfile`, `ci/release.jenkinsfile`).
    if (!/^\w+:\/\//.test(obtained[1]!)) state.script = obtained[1];
    return true;
  }
  const error = WORKFLOW_ERROR.exec(context.text);
  if (!error) return false;
  context.emit({
    file: state.script ?? 'Jenkinsfile',
    line: Number(error[3]),
    column: Number(error[4]),
    severity: 'error',
    message: error[2]!,
    // The default name is a guess: kept only when the workspace has that file.
    ...(state.script === undefined ? { hints: { confirm: true } } : {}),
  });
  return true;
}

export const jenkinsPipeline: GrammarFormat = {
  name: 'jenkins-pipeline',
  language: 'Groovy (Jenkins pipeline)',
  description:
    "A Jenkins job whose pipeline script does not compile: `WorkflowScript: 42: unexpected char: '#' @ line 42, column 1.`, in the " +
    'file its `Obtained ci/Jenkinsfile from …` line named (else `Jenkinsfile`).',
  // Groovy's parser counts lines and columns from 1, in characters.
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: false,
  url: 'https://www.jenkins.io/doc/book/pipeline/jenkinsfile/',
  anchor: '^Obtained \\S+ from |^WorkflowScript: \\d',
  parse: parseJenkinsPipeline,
};
