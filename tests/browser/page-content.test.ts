/// <reference types="mocha" />
import { expect } from "chai";
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { TextBlocks } from "../../host-site/pages/PageContent";
import { resetPage, testApi, waitFor } from "./support";

/*
 * The website's text blocks as the host site draws them (host-site/pages/PageContent.tsx): a
 * paragraph may end with a link — the about page credits the shipped city list (HFLabs, CC BY-SA 4.0).
 */

const api = testApi();

afterEach(() => resetPage());

describe("TextBlocks", () => {
  it("draws the about page's city list credit with a link to the source that opens apart from the shop", async () => {
    const about = await api.getPage("o-kompanii");
    const blocks = about.components.flatMap((component) => (component.key === "Text" ? component.content.blocks : []));
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    root.render(createElement(TextBlocks, { blocks }));
    const paragraph = await waitFor(
      () => Array.from(host.querySelectorAll("p")).find((item) => item.textContent?.startsWith("Список городов — HFLabs, CC BY-SA 4.0")),
      "the credit paragraph",
    );
    const link = paragraph.querySelector("a");
    expect(link?.getAttribute("href")).to.equal("https://github.com/hflabs/city");
    expect(link?.textContent).to.equal("github.com/hflabs/city");
    expect(link?.getAttribute("rel")).to.equal("noopener");
    root.unmount();
    host.remove();
  });
});
