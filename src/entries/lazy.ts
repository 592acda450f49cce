// An async function of a stage that is loaded on its first call: the main entry stays cheap to import (issue 15),
// and the stage's module (and what it imports: Chevrotain, the LSP protocol, secretlint) is evaluated once.
type AsyncFunction = (...args: never[]) => Promise<unknown>;
type AsyncKeys<M> = { [K in keyof M]: M[K] extends AsyncFunction ? K : never }[keyof M];

export function lazy<M, K extends AsyncKeys<M>>(load: () => Promise<M>, name: K): M[K] {
  let loaded: Promise<M> | undefined;
  const call = async (...args: unknown[]): Promise<unknown> => {
    loaded ??= load();
    const stage = await loaded;
    return (stage[name] as unknown as (...a: unknown[]) => Promise<unknown>)(...args);
  };
  Object.defineProperty(call, 'name', { value: name });
  return call as unknown as M[K];
}
