// Dependency and engine folders of smart-contract tool chains and game engines (issue 20, fresh set 28): each is
// decided from a file its tool keeps beside it, so a project's own folder of the same name stays its own. The
// workspaces are small own-made ones in each tool's documented layout.
import { afterEach, describe, expect, it } from 'vitest';
import { fate, makeWorkspace, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

describe('folders a tool chain or engine keeps beside its project file', () => {
  it.each([
    [
      "Foundry's lib/ beside foundry.toml",
      { 'foundry.toml': '[profile.default]\n', 'lib/solmate/src/tokens/ERC20.sol': '', 'src/Vault.sol': '' },
      'lib/solmate/src/tokens/ERC20.sol',
      'src/Vault.sol',
    ],
    [
      "a folder foundry.toml's libs list names",
      { 'foundry.toml': '[profile.default]\nlibs = ["deps-sol", "node_modules"]\n', 'deps-sol/oz/Token.sol': '', 'src/Vault.sol': '' },
      'deps-sol/oz/Token.sol',
      'src/Vault.sol',
    ],
    [
      "Unity's Library/PackageCache beside ProjectSettings/",
      {
        'ProjectSettings/ProjectVersion.txt': 'm_EditorVersion: 2022.3.21f1\n',
        'Library/PackageCache/com.example.tool@1a2b3c/Editor/Build.cs': '',
        'Assets/Scripts/Player.cs': '',
      },
      'Library/PackageCache/com.example.tool@1a2b3c/Editor/Build.cs',
      'Assets/Scripts/Player.cs',
    ],
    [
      "the Ren'Py engine a game ships beside game/",
      { 'game/options.rpy': '', 'game/script.rpy': '', 'renpy/ast.py': '' },
      'renpy/ast.py',
      'game/script.rpy',
    ],
    [
      "Move's build/ beside Move.toml",
      { 'Move.toml': '', 'build/Pkg/sources/dependencies/Sui/coin.move': '', 'sources/pool.move': '' },
      'build/Pkg/sources/dependencies/Sui/coin.move',
      'sources/pool.move',
    ],
    [
      "Defold's .internal/lib beside game.project",
      { 'game.project': '', '.internal/lib/extension-x/main/x.lua': '', 'main/player.script': '' },
      '.internal/lib/extension-x/main/x.lua',
      'main/player.script',
    ],
    [
      "Clarinet's .cache/requirements beside Clarinet.toml",
      { 'Clarinet.toml': '', '.cache/requirements/SP000.token.clar': '', 'contracts/pool.clar': '' },
      '.cache/requirements/SP000.token.clar',
      'contracts/pool.clar',
    ],
  ])('%s', async (_name, files, dependency, own) => {
    const root = await makeWorkspace(files);
    expect(await fate(root, [dependency, own])).toEqual({ [dependency]: 'vendored', [own]: 'kept' });
  });

  it('keeps lib/, Library/, renpy/ and build/ that no such file explains', async () => {
    const root = await makeWorkspace({
      'lib/math.sol': '',
      'Library/Books.swift': '',
      'renpy/notes.py': '',
      'build/gen.py': '',
      'package.json': '{}',
    });
    const own = ['lib/math.sol', 'Library/Books.swift', 'renpy/notes.py', 'build/gen.py'];
    expect(await fate(root, own)).toEqual(Object.fromEntries(own.map((file) => [file, 'kept'])));
  });
});
