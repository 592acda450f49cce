// The README's install steps, followed word for word (issue 24): its two shell blocks run as written, with only
// the placeholder paths replaced by a clone of this checkout and a fresh project. Needs the npm registry
// (npm ci) and a minute or two.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, cleanEnv, tempDir } from './_setup.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const install = readme.slice(readme.indexOf('## Install\n'), readme.indexOf('\n## ', readme.indexOf('## Install\n') + 1));
const blocks = [...install.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) =>
  match[1]!
    .trim()
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '')),
);

describe('README install', () => {
  it('names no placeholder to guess and no URL', () => {
    expect(install).not.toMatch(/OWNER|https?:\/\//);
    expect(blocks).toHaveLength(2);
  });

  it('works as written: npm ci && npm pack in a clone, then npm install of the tarball in a project, then npx faultline', () => {
    const base = tempDir('install');
    const clone = join(base, 'faultline');
    for (const entry of [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'tsconfig.build.json',
      '.npmrc',
      'README.md',
      'LICENSE',
      'docs',
      'scripts',
      'src',
    ]) {
      cpSync(join(ROOT, entry), join(clone, entry), { recursive: true });
    }
    const project = join(base, 'project');
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'project', version: '1.0.0', private: true }, null, 2)}\n`);
    writeFileSync(join(project, 'src', 'main.c'), 'int main(void)\n{\n    return missing;\n}\n');
    writeFileSync(join(project, 'build.log'), "src/main.c:3:12: error: 'missing' undeclared\n");
    const env = cleanEnv(base);
    const sh = (cwd: string, line: string) =>
      spawnSync('sh', ['-c', line.replaceAll('/path/to/faultline', clone)], { cwd, env, encoding: 'utf8', timeout: 480_000 });

    for (const line of blocks[0]!) {
      const step = sh(clone, line);
      expect(step.status, `${line}\n${step.stderr}`).toBe(0);
    }
    const [installLine, runLine, ...rest] = blocks[1]!;
    expect(rest).toEqual([]);
    const installed = sh(project, installLine!);
    expect(installed.status, `${installLine}\n${installed.stderr}`).toBe(0);
    const ran = sh(project, runLine!);
    expect(ran.stdout).toContain("src/main.c:3:12  error  'missing' undeclared");
    expect(ran.status).toBe(1);
    // Installed from the tarball: dist/ came with it, nothing was built in the project.
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', 'faultline', 'package.json'), 'utf8'));
    expect(manifest.scripts?.prepare).toBeUndefined();
  }, 600_000);
});
