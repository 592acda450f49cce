// CocoaPods' copy of a development pod's podspec (`Pods/Local Podspecs/<Name>.podspec`) is the workspace's own podspec
// when the workspace is the pod's repository or the Podfile where `pod install` ran gives the pod a local `:path`; a
// pod taken from git keeps its copy a dependency's. The documented fixture is fixtures/cocoapods/local-podspec-copy.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLocations } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();

async function fate(root: string, cwd: string, printed: string): Promise<string> {
  const result = await resolveLocations([raw(printed)], { cwd: join(root, cwd), roots: [root], isIgnored: noIgnores });
  if (result.locations[0]) return `kept ${result.locations[0].file}`;
  return result.dropped[0]?.reason ?? result.unresolved[0]?.reason ?? 'none';
}

const copy = (name: string): string => `/Users/dev/src/app/Example/Pods/Local Podspecs/${name}`;

describe("CocoaPods' Local Podspecs copy", () => {
  it("maps back to the pod's podspec at the root of its own repository", async () => {
    const root = await makeWorkspace({
      'Kit.podspec': 'x\n',
      'Example/Podfile': "pod 'Kit', :path => '../'\n",
      'Example/Podfile.lock': 'COCOAPODS: 1.12.1\n',
      'Example/Pods/Local Podspecs/Kit.podspec': 'x\n',
    });
    expect(await fate(root, 'Example', copy('Kit.podspec'))).toBe('kept Kit.podspec');
    expect(await fate(root, 'Example', 'Pods/Local Podspecs/Kit.podspec')).toBe('kept Kit.podspec');
  });

  it("maps back to the folder the Podfile names as the pod's :path (a pod kept in a sub-folder)", async () => {
    const root = await makeWorkspace({
      'ios/Podfile': "target 'App' do\n  pod 'Core', :path => '../modules/core'\nend\n",
      'ios/Podfile.lock': 'COCOAPODS: 1.12.1\n',
      'modules/core/Core.podspec': 'x\n',
    });
    expect(await fate(root, 'ios', copy('Core.podspec'))).toBe('kept modules/core/Core.podspec');
  });

  it('leaves the copy of a pod taken from git, or of a spec the workspace does not hold, a dependency', async () => {
    const root = await makeWorkspace({
      Podfile: "pod 'Charts', :git => 'https://example.org/charts.git'\n",
      'Podfile.lock': 'COCOAPODS: 1.12.1\n',
      'Pods/Local Podspecs/Charts.podspec.json': '{}\n',
      'App/AppDelegate.swift': 'x\n',
    });
    expect(await fate(root, '.', copy('Charts.podspec.json'))).not.toMatch(/^kept/);
    expect(await fate(root, '.', 'Pods/Local Podspecs/Charts.podspec.json')).not.toMatch(/^kept/);
  });
});
