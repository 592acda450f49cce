import { describe, expect, it } from 'vitest';
import { isVendoredPath } from '../../src/resolve/index.js';

describe('isVendoredPath', () => {
  it.each([
    'node_modules/react/index.js',
    '/home/u/app/node_modules/.pnpm/x@1/node_modules/x/a.js',
    '/usr/lib/python3/dist-packages/apt/cache.py',
    '/home/u/.venv/lib/python3.12/site-packages/_pytest/runner.py',
    'venv/lib/x.py',
    'vendor/golang.org/x/net/http2/frame.go',
    'third_party/zlib/inflate.c',
    '/usr/include/c++/12/bits/stl_vector.h',
    '/usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h',
    '/rustc/90b35a6239c3d8bdabc530a6a0816f7ff89a0aaf/library/core/src/panicking.rs',
    '/home/u/.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde-1.0.0/src/de.rs',
    '~/.cargo/registry/src/github.com-1ecc6299db9ec823/tokio-1.0.0/src/lib.rs',
    '/home/u/.rustup/toolchains/stable/lib/rustlib/src/rust/library/std/src/rt.rs',
    '/usr/lib/go-1.19/src/testing/testing.go',
    '/usr/local/go/src/runtime/panic.go',
    '/home/u/go/pkg/mod/github.com/stretchr/testify@v1.8.4/assert/assertions.go',
    'java.base/java.util.ArrayList',
    'java.base/java/util/ArrayList.java',
    'jdk.internal.reflect.NativeMethodAccessorImpl',
    '/usr/lib/python3.11/unittest/case.py',
    '/home/u/.pyenv/versions/3.12.1/lib/python3.12/asyncio/base_events.py',
    '/home/u/.m2/repository/junit/junit/4.13/junit-4.13.jar',
    'C:\\proj\\node_modules\\x\\index.js',
  ])('drops %s', (path) => {
    expect(isVendoredPath(path)).toBe(true);
  });

  it.each(['src/app.ts', 'internal/calc/calc.go', 'pkg/mod.go', 'tools/build/release.ts', 'lib/python/helpers.py', 'src/vendors/list.ts'])(
    'keeps %s',
    (path) => {
      expect(isVendoredPath(path)).toBe(false);
    },
  );
});
