// Read-only options of the tools that report on the user and the system: id, uname, printenv, pgrep, free,
// uptime, locale, hostname. tool-specs.ts joins the tables.
import { HV, type ToolSpec } from './options.js';

export const SYSTEM_TOOLS: Record<string, ToolSpec> = {
  id: { flags: 'agGnruzZ', long: `context group groups name real user zero ${HV}`, computedOk: true },
  whoami: { long: HV, computedOk: true },
  uname: {
    flags: 'asnrvmpio',
    long: `all kernel-name nodename kernel-release kernel-version machine processor hardware-platform operating-system ${HV}`,
    computedOk: true,
  },
  printenv: { flags: '0', long: `null ${HV}`, computedOk: true },
  pgrep: {
    flags: 'lavwcfinoxLAq',
    values: 'dgGOPstuUFr',
    long: `list-name list-full inverse lightweight count full ignore-case newest oldest exact logpidfile ${HV}`,
    longValues: 'delimiter pgroup group older parent session terminal euid uid pidfile ns nslist runstates env cgroup',
    computedOk: true,
  },
  nproc: { long: `all ${HV}`, longValues: 'ignore', computedOk: true },
  free: {
    flags: 'bkmghlLtvw',
    values: 'sc',
    long: `bytes kilo mega giga tera peta kibi mebi gibi tebi pebi human si lohi line total committed wide ${HV}`,
    longValues: 'seconds count',
    computedOk: true,
  },
  uptime: { flags: 'psVh', long: `pretty since raw container ${HV}`, computedOk: true },
  locale: { flags: 'acmkv', long: `all-locales charmaps category-name keyword-name verbose ${HV}`, computedOk: true },
  groups: { long: HV, computedOk: true },
  hostname: {
    flags: 'aAdfisIvyV',
    long: `alias all-fqdns domain fqdn long ip-address all-ip-addresses short yp nis verbose ${HV}`,
    unsafe: {
      '-F': 'sets the host name from a file',
      '--file': 'sets the host name from a file',
      '-b': 'sets the host name',
      '--boot': 'sets the host name',
    },
    check: ({ operands }) => (operands.length > 0 ? 'hostname NAME sets the host name' : null),
  },
};
