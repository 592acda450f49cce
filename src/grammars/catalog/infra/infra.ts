// Infrastructure and CI tools: GitHub Actions workflow commands, Terraform, Docker BuildKit, hadolint, Ansible,
// ansible-lint, actionlint, yamllint, markdownlint, cfn-lint, sqlfluff, codespell, semgrep, puppet-lint, dotenv-linter,
// PyYAML marks, pre-commit-hooks' check-json/check-toml, kubectl's manifest parse errors, js-yaml's marks, Jenkins
// pipelines that do not compile, SaltStack states that do not render and Packer JSON templates that do not parse. The
// family is first in the registry (see registry.ts).
// Link: https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions (each helper links its tools)
import type { GrammarFamily } from '../../engine/format.js';
import { ansible, defineAnsibleRules } from './ansible.js';
import { ansibleLint } from './ansible-lint.js';
import { defineCiRules, dockerfile, githubActions, hadolint, terraform } from './infra-ci.js';
import { actionlint, cfnLint, markdownlint, yamllint } from './infra-lint.js';
import { dotenvLinter, puppetLint } from './infra-config.js';
import { codespell, semgrep, sqlfluff } from './text-lint.js';
import { kubectl, preCommitHooks, pyyaml } from './config-checks.js';
import { jenkinsPipeline } from './jenkins.js';
import { jsYaml } from './js-yaml.js';
import { salt } from './salt.js';
import { packer } from './packer.js';

export const infraFamily: GrammarFamily = {
  rules: (parser) => {
    defineCiRules(parser);
    defineAnsibleRules(parser);
  },
  formats: [
    // Workflow commands first: the line is unambiguous and its message may quote another tool's location.
    githubActions,
    // Terraform and BuildKit read multi-line blocks by their own phrases (`on X line N`, `Dockerfile:N` + `----`).
    terraform,
    dockerfile,
    hadolint,
    // A Jenkins job's `Obtained ci/Jenkinsfile from …` line names the file its `WorkflowScript: N:` errors are in.
    jenkinsPipeline,
    // Ansible's `Origin: PATH:L:C` would otherwise be a generic colon location whose message is `Origin:`.
    ansible,
    // ansible-lint's place line (`roles/x/tasks/main.yml:2 Task/Handler: …`) is a generic colon place; its rule is on the
    // line above, which only this format reads.
    ansibleLint,
    // cfn-lint before yamllint/actionlint: its bare `template.yaml:L:C` line and `:E3012:` tail are its own;
    // yamllint needs `[error]`, actionlint a trailing `[rule]`, so the three never compete for one line.
    cfnLint,
    yamllint,
    actionlint,
    markdownlint,
    // sqlfluff's `L: n | P: n |` rows, codespell's ` ==> ` and semgrep's `❱ rule` / `┆` marks are shapes no format above reads.
    sqlfluff,
    codespell,
    semgrep,
    // puppet-lint and dotenv-linter: ` - WARNING: … on line N` and `.env:N CheckName:` are their own shapes.
    puppetLint,
    dotenvLinter,
    // Parsers' own messages about a config file (PyYAML marks, check-json, check-toml): fixed phrases no linter
    // above prints; last because a linter that quotes a parser error keeps its own line shape.
    pyyaml,
    preCommitHooks,
    kubectl,
    // js-yaml's `in "F" (L:C)` and a caller's `"F": … (L:C)` end the line, which no format above reads.
    jsYaml,
    // Salt names a state file by its SLS reference (`base:web.nginx`), a shape no format above reads.
    salt,
    // Packer's JSON template errors name no file (`At line 7, column 2 (offset 7):`); the command names it. Before the
    // prose tier, which would take the position for a place in no file and drop it.
    packer,
  ],
};
