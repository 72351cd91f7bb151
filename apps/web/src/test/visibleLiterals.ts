import ts from 'typescript';

/** Props and object keys whose strings reach the screen (or a screen reader). */
const VISIBLE_NAMES = new Set([
  'title',
  'label',
  'placeholder',
  'alt',
  'aria-label',
  'aria-description',
  'okText',
  'cancelText',
  'tooltip',
  'description',
  'content',
  'subTitle',
  'emptyText',
  'message',
  'helpText',
]);

const LETTER = /\p{L}/u;

export interface Finding {
  line: number;
  text: string;
}

function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isConditionalExpression(node)) return [literalText(node.whenTrue), literalText(node.whenFalse)].filter(Boolean).join(' ') || null;
  return null;
}

function nameOf(name: ts.PropertyName | ts.JsxAttributeName): string {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName(name)) return `${name.namespace.text}:${name.name.text}`;
  return '';
}

/** User-visible literals in a .tsx source: JSX text, and strings given to title/label/placeholder-like props. */
export function findVisibleLiterals(source: string, fileName = 'file.tsx'): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    if (LETTER.test(text)) findings.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.trim() });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const text = literalText(node.expression);
      if (text) report(node, text);
    } else if (ts.isJsxAttribute(node) && VISIBLE_NAMES.has(nameOf(node.name))) {
      const text = literalText(node.initializer);
      if (text) report(node, text);
    } else if (ts.isPropertyAssignment(node) && VISIBLE_NAMES.has(nameOf(node.name))) {
      const text = literalText(node.initializer);
      if (text) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}
