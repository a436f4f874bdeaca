import fs from 'node:fs';
import path from 'node:path';
import { resources } from '@nns/shared/registry';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The generic screens (apps/web/src/core) hold declarations, never a resource's name: what one resource
 * does differently is declared (a `geoLevel`, a set action's `rejects`, a feature's `listImports`). A
 * comparison with a declared resource's name (`resource === 'wards'`, `case 'provinces':`) fails here.
 * A field's kind that is spelled like a resource (`f.kind === 'images'`) is a field type, not a name.
 */
const CORE = path.join(path.dirname(new URL(import.meta.url).pathname));
const NAMES = new Set(resources.map((r) => r.name));
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.(test|gen)\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const isKind = (node: ts.Node) => ts.isPropertyAccessExpression(node) && node.name.text === 'kind';
const named = (node: ts.Node) => (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && NAMES.has(node.text);

/** The comparisons of a source with a resource's name, as `line: text`. */
export function namesCompared(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node) => `${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${node.getText(source)}`;
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const [l, r] = [node.left, node.right];
      if ((named(l) && !isKind(r)) || (named(r) && !isKind(l))) found.push(at(node));
    }
    if (ts.isSwitchStatement(node) && !isKind(node.expression)) {
      for (const clause of node.caseBlock.clauses) if (ts.isCaseClause(clause) && named(clause.expression)) found.push(at(clause.expression));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('core names no resource', () => {
  it('no file under core compares something with a declared resource name', () => {
    const found = Object.fromEntries(
      sources(CORE)
        .map((f) => [path.relative(CORE, f), namesCompared(f, fs.readFileSync(f, 'utf8'))] as const)
        .filter(([, hits]) => hits.length > 0),
    );
    expect(found).toEqual({});
  });

  it('catches a name compared either way round or switched on, and lets a field kind through', () => {
    expect(NAMES.has('wards') && NAMES.has('images')).toBe(true);
    const code = [
      "if (resource === 'wards') x();",
      "const p = 'provinces' !== def.name;",
      "switch (name) { case 'wards': break; }",
      "const many = f.kind === 'images';",
      "switch (f.kind) { case 'images': break; }",
      "const label = 'wards';",
    ].join('\n');
    expect(namesCompared('probe.ts', code)).toEqual(["1: resource === 'wards'", "2: 'provinces' !== def.name", "3: 'wards'"]);
  });
});
