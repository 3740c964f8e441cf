import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../../shared/domain/index";
import { htmlText, isAllowedHref, isAllowedImageSource, sanitizeHtml } from "./html-sanitizer";

/* The allowlist sanitiser (issue 29) against the usual tricks; what stays must be well formed and escaped. */

const ATTACKS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  '<img src=x onerror="alert(1)">',
  "<img src=x onerror=alert(1)//>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="  JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java&Tab;script:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
  '<iframe src="https://evil.example"></iframe>',
  "<object data=x></object><embed src=x>",
  "<style>body{display:none}</style>",
  '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  "<scr<script>ipt>alert(1)</script>",
  "<<script>alert(1)//<</script>",
  '<div style="background:url(javascript:alert(1))" onmouseover="alert(1)">x</div>',
  "<!--<script>alert(1)</script>-->",
  "<template><script>alert(1)</script></template>",
  "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>",
  '<form action="javascript:alert(1)"><button>x</button></form>',
  "<body onload=alert(1)>",
  '<p title="a" title="b" onclick=alert(1)>x</p>',
  "<script>alert(1)",
  '<a href="https://ok.example/?q=<script>">ok</a>',
];

describe("sanitizeHtml", () => {
  for (const attack of ATTACKS) {
    it(`disarms ${attack}`, () => {
      const clean = sanitizeHtml(attack);
      expect(clean).not.toMatch(/<script|<iframe|<object|<embed|<style|<svg|<math|<form|<template|<noscript|\son[a-z]+=|javascript:|vbscript:|data:text|data:image\/svg/i);
      // Whatever came out reads back to itself: nothing hides in a second pass.
      expect(sanitizeHtml(clean)).toBe(clean);
    });
  }

  it("keeps the article's own markup", () => {
    const html =
      '<h2>Заголовок</h2><p>Текст с <strong>жирным</strong>, <em>курсивом</em> и <a href="/catalog/vizitki" title="Визитки">ссылкой</a>.</p>' +
      '<ul><li>один</li><li>два</li></ul><img src="https://cdn.example.com/a.png" alt="Визитка" width="400"><blockquote><p>Цитата</p></blockquote>';
    expect(sanitizeHtml(html)).toBe(
      '<h2>Заголовок</h2><p>Текст с <strong>жирным</strong>, <em>курсивом</em> и <a href="/catalog/vizitki" title="Визитки" rel="noopener nofollow">ссылкой</a>.</p>' +
        '<ul><li>один</li><li>два</li></ul><img src="https://cdn.example.com/a.png" alt="Визитка" width="400" loading="lazy"><blockquote><p>Цитата</p></blockquote>',
    );
  });

  it("closes what was left open and drops stray end tags", () => {
    expect(sanitizeHtml("<p>один <strong>два</p></div>три")).toBe("<p>один <strong>два</strong></p>три");
  });

  it("escapes text and attribute values anew", () => {
    expect(sanitizeHtml("1 < 2 & 3 > 2 &amp; &copy;")).toBe("1 &lt; 2 &amp; 3 &gt; 2 &amp; &amp;copy;");
    expect(sanitizeHtml('<a href="/x?a=1&amp;b=&quot;2&quot;">x</a>')).toBe('<a href="/x?a=1&amp;b=&quot;2&quot;" rel="noopener nofollow">x</a>');
  });

  it("lets links be http(s), mailto, tel, paths and anchors, and images http(s), paths and raster data", () => {
    for (const href of ["https://example.com", "http://example.com/a", "/catalog", "#top", "mailto:info@ottisk.ru", "tel:+78612004050", "page.html"]) expect(isAllowedHref(href)).toBe(true);
    for (const href of ["javascript:alert(1)", " java\nscript:alert(1)", "data:text/html,x", "file:///etc/passwd", "vbscript:x"]) expect(isAllowedHref(href)).toBe(false);
    expect(isAllowedImageSource("data:image/png;base64,iVBORw0KGgo=")).toBe(true);
    expect(isAllowedImageSource("data:image/svg+xml;base64,PHN2Zz4=")).toBe(false);
  });

  it("gives the plain text for the search", () => {
    expect(htmlText("<h2>Заголовок</h2><p>Текст &amp; ещё</p><script>alert(1)</script>")).toBe("Заголовок\nТекст & ещё");
  });
});

describe("renderMarkdown", () => {
  it("makes headings, paragraphs, lists, quotes, links and images", () => {
    expect(renderMarkdown("# Статья\n\nПервый **абзац** и *курсив*.\n\n- раз\n- два\n\n1. один\n2. два\n\n> цитата\n\n[Каталог](/catalog) ![Фото](/files/site/uploads/a.png)")).toBe(
      [
        "<h2>Статья</h2>",
        "<p>Первый <strong>абзац</strong> и <em>курсив</em>.</p>",
        "<ul><li>раз</li><li>два</li></ul>",
        "<ol><li>один</li><li>два</li></ol>",
        "<blockquote><p>цитата</p></blockquote>",
        '<p><a href="/catalog">Каталог</a> <img src="/files/site/uploads/a.png" alt="Фото" loading="lazy"></p>',
      ].join("\n"),
    );
  });

  it("escapes raw HTML and keeps unsafe links as text", () => {
    const html = renderMarkdown('<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n[x](javascript:alert) ![y](data:image/png;base64,AA) [z](//evil.example)');
    expect(html).not.toMatch(/<script|<img|<a /);
    expect(html).toContain("&lt;script&gt;");
    expect(sanitizeHtml(html)).toBe(html);
  });
});
