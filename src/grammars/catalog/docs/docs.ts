// Documentation, typesetting and code generators: TeX engines, typst, schema compilers (thrift, flatc), Go template
// chains (hugo), MDX pages (Docusaurus) and dbt's Jinja models.
import type { GrammarFamily } from '../../engine/format.js';
import { tex } from './tex.js';
import { dbt } from './dbt.js';
import { goTemplate } from './go-template.js';
import { mdx } from './mdx.js';
import { flatc, thrift } from './schema.js';
import { typst } from './typst.js';

export const docsFamily: GrammarFamily = {
  formats: [tex, typst, thrift, flatc, goTemplate, mdx, dbt],
};
