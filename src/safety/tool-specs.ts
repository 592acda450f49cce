// The options under which each text and file tool only reads (GNU coreutils/findutils/grep, ripgrep, jq,
// util-linux, with the BSD letters where they only read). Every option not listed needs approval; the
// unsafe ones are named too so that their abbreviations are recognised (`sort --compress` → a program).
import type { ToolSpec } from './options.js';
import { FILE_TOOLS } from './tool-specs-files.js';
import { SEARCH_TOOLS } from './tool-specs-search.js';
import { SYSTEM_TOOLS } from './tool-specs-system.js';
import { TEXT_TOOLS } from './tool-specs-text.js';

// One table per kind of tool (files, search, text filters, system), joined here; no tool is in two.
export const TOOL_SPECS: Record<string, ToolSpec> = { ...FILE_TOOLS, ...SEARCH_TOOLS, ...TEXT_TOOLS, ...SYSTEM_TOOLS };
TOOL_SPECS.gawk = TOOL_SPECS.awk!;
TOOL_SPECS.mawk = TOOL_SPECS.awk!;
TOOL_SPECS.nawk = TOOL_SPECS.awk!;
