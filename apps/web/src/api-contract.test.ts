import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every call of the web goes through the typed client (core/client.ts), whose paths, parameters and
 * answers come from the API's document: a string holding `/api/` may only be the path argument of a
 * typed call (`client.GET('/api/…', …)`, checked by the compiler against the document), never a URL
 * put together by hand. Comments and text shown to people (`POST /api/ingest/readings` in a hint) are
 * not strings and are not counted, nor is a path named as a type (`AnswerData<'/api/…', 'get'>`): it
 * builds no URL, and a path the document lacks gives no type its users could compile against.
 */
const SRC = path.dirname(new URL(import.meta.url).pathname);
/** the client itself: the one place a path is joined (the generic resource routes, the upload) */
const CLIENT = 'core/client.ts';
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** the generic screens, which hold a declaration rather than a path, call its routes through resourceCall */
const GENERIC = /^core\/(resource|import)\//;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.(test|gen)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The `/api/` strings of a file that are not the path of a typed call, as `line: text`. */
function handWritten(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const typedCall = (node: ts.Node) => {
    const call = node.parent;
    return (
      ts.isStringLiteral(node) &&
      ts.isCallExpression(call) &&
      call.arguments[0] === node &&
      ts.isPropertyAccessExpression(call.expression) &&
      METHODS.has(call.expression.name.text)
    );
  };
  const visit = (node: ts.Node) => {
    if (ts.isLiteralTypeNode(node)) return;
    const text = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : ts.isTemplateExpression(node) ? node.getText(source) : null;
    if (text?.includes('/api/') && !typedCall(node))
      found.push(`${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${node.getText(source)}`);
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the web calls the API only through the typed client', () => {
  const files = sources(SRC).filter((f) => path.relative(SRC, f) !== CLIENT);

  it('no file builds an /api/ URL by hand', () => {
    const offenders = Object.fromEntries(files.map((f) => [path.relative(SRC, f), handWritten(f)] as const).filter(([, found]) => found.length > 0));
    expect(offenders).toEqual({});
  });

  it('only the generic screens call a resource route by its declaration (resourceCall, resourceDownload)', () => {
    const users = files.filter((f) => /\bresource(Call|Download)\b/.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(SRC, f));
    expect(users.filter((f) => !GENERIC.test(f))).toEqual([]);
  });

  it('the scanner finds a hand-built URL and lets a typed call through', () => {
    const probe = path.join(SRC, '.probe-contract.ts');
    fs.writeFileSync(
      probe,
      "client.GET('/api/admin/profile');\nconst u = '/api/admin/' + name;\n// GET /api/admin/x\napi.get('/api/admin/x');\ntype P = AnswerData<'/api/admin/profile', 'get'>;\n",
    );
    try {
      expect(handWritten(probe)).toEqual(["2: '/api/admin/'", "4: '/api/admin/x'"]);
    } finally {
      fs.rmSync(probe);
    }
  });
});
