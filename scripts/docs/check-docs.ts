// Checks the Markdown documents a reader opens (README.md, CONTRIBUTING.md, docs/**): every relative
// link reaches a file of the repository, every #anchor a heading of its target (GitHub's slugs), and
// the user documents neither point at source files nor name documents the repository does not hold.
import GithubSlugger from 'github-slugger';
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { visit } from 'unist-util-visit';

/** Documents allowed to name source files: they are written for people who change the code. */
export const SOURCE_DOCUMENTS = ['CONTRIBUTING.md', 'docs/architecture.md'];

/** The documents checked, relative to the repository root, in a stable order. */
export function listDocuments(root: string): string[] {
  const docs: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) docs.push(rel);
    }
  };
  if (existsSync(path.join(root, 'docs'))) walk('docs');
  for (const top of ['README.md', 'CONTRIBUTING.md']) if (existsSync(path.join(root, top))) docs.push(top);
  return docs.sort();
}

export function parseMarkdown(text: string): Root {
  return fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/** The anchors GitHub gives a document's headings, duplicates numbered as GitHub numbers them. */
export function headingAnchors(tree: Root): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  visit(tree, 'heading', (node) => {
    anchors.add(slugger.slug(toString(node)));
  });
  return anchors;
}

type Link = { url: string; line: number };

function links(tree: Root): Link[] {
  const out: Link[] = [];
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition')
      out.push({ url: node.url, line: node.position?.start.line ?? 0 });
  });
  return out;
}

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

const SOURCE_FOLDERS = ['api', 'web', 'scripts', 'test', 'contracts'];

// A path into the code: one of the source folders at the start of a path-like word (so
// `/request.api/edit` or `/v1/...` do not count), or a TypeScript, Solidity or Python file by name
// (a Python file docs/vectors/ holds is the reader's to open: see VECTOR_FILE).
// `web/dist` is the built app an operator serves, not source.
const SOURCE_PATH =
  /(?<![\w./-])(?:api|web|scripts|test|contracts)\/(?!dist\b)[\w.<>*{}/-]*|[\w-]+(?:\.[\w-]+)*\.(?:tsx?|sol|py)\b/g;
const VECTOR_FILE = (root: string, name: string) =>
  name.endsWith('.py') && existsSync(path.join(root, 'docs/vectors', path.basename(name)));

// Documents that live outside this repository (in the product's design notes): a reader of docs/
// cannot open them.
const ABSENT_DOCUMENTS =
  /\b(?:CRYPTO\.md|CLARIFICATIONS(?:\.md)?|STYLE\.md|STACK\.md|ARCHITECTURE\.md|product-spec(?:\.md)?)\b/g;

export type Problem = { file: string; line: number; message: string };

/** Every problem of the documents under root; empty when the documents are sound. */
export function checkDocuments(root: string, documents = listDocuments(root)): Problem[] {
  const problems: Problem[] = [];
  const trees = new Map<string, Root>();
  const treeOf = (rel: string) => {
    let tree = trees.get(rel);
    if (!tree) {
      tree = parseMarkdown(readFileSync(path.join(root, rel), 'utf8'));
      trees.set(rel, tree);
    }
    return tree;
  };
  const anchors = new Map<string, Set<string>>();
  const anchorsOf = (rel: string) => {
    let set = anchors.get(rel);
    if (!set) {
      set = headingAnchors(treeOf(rel));
      anchors.set(rel, set);
    }
    return set;
  };

  for (const file of documents) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const tree = treeOf(file);
    for (const { url, line } of links(tree)) {
      if (EXTERNAL.test(url)) continue;
      const hash = url.indexOf('#');
      const target = decodeURIComponent(hash === -1 ? url : url.slice(0, hash));
      const anchor = hash === -1 ? undefined : decodeURIComponent(url.slice(hash + 1));
      const resolved = target
        ? path.posix.normalize(
            target.startsWith('/') ? target.slice(1) : path.posix.join(path.posix.dirname(file), target),
          )
        : file;
      if (!SOURCE_DOCUMENTS.includes(file) && SOURCE_FOLDERS.some((dir) => resolved.startsWith(`${dir}/`))) {
        problems.push({ file, line, message: `link to ${url}: points at source file ${resolved}` });
        continue;
      }
      if (resolved.startsWith('..') || !existsSync(path.join(root, resolved))) {
        problems.push({ file, line, message: `link to ${url}: ${resolved} does not exist` });
        continue;
      }
      if (anchor === undefined) continue;
      if (!resolved.endsWith('.md') || statSync(path.join(root, resolved)).isDirectory()) {
        problems.push({ file, line, message: `link to ${url}: an anchor needs a Markdown document` });
        continue;
      }
      if (!anchorsOf(resolved).has(anchor))
        problems.push({ file, line, message: `link to ${url}: ${resolved} has no heading #${anchor}` });
    }

    const lines = text.split('\n');
    lines.forEach((content, i) => {
      for (const m of content.matchAll(ABSENT_DOCUMENTS))
        problems.push({ file, line: i + 1, message: `names ${m[0]}, which is not in the repository` });
      if (SOURCE_DOCUMENTS.includes(file)) return;
      // link destinations are checked above, where docs/api/... and api/... are told apart
      const prose = content.replace(/\]\([^)]*\)/g, ']()');
      for (const m of prose.matchAll(SOURCE_PATH)) {
        if (VECTOR_FILE(root, m[0])) continue;
        problems.push({
          file,
          line: i + 1,
          message: `points at source file ${m[0]}: say what it is (only ${SOURCE_DOCUMENTS.join(' and ')} name source files)`,
        });
      }
    });
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkDocuments(process.cwd());
  for (const p of problems) console.log(`${p.file}:${p.line}: ${p.message}`);
  console.log(problems.length ? `${problems.length} problems` : 'documents are sound');
  process.exitCode = problems.length ? 1 : 0;
}
