import { employeePageListSchema, employeePageSchema } from "../../../shared/contracts/index";
import type { EmployeePage } from "../../../shared/contracts/index";
import type { BackOfficeArea, MatrixContext } from "./matrix";

/** The content area's /api/employee/… operations for the authorization matrix (tests/server/back-office-authorization.test.ts). */

/** The demo blog post the PUT rows write back unchanged (filled by prepare). */
let blogPost: EmployeePage | null = null;
let created = 0;

function draftPage(slug: string) {
  return {
    kind: "generic",
    slug,
    parentId: null,
    name: "Страница из проверки доступа",
    summary: "",
    padBanner: null,
    sortOrder: 0,
    showInMenu: false,
    published: false,
    publishAt: null,
    seoName: "",
    seoTitle: "",
    seoDescription: "",
    seoKeywords: "",
    components: [{ key: "Article", content: { markdown: "Текст", html: "" } }],
  };
}

async function createDraft(context: MatrixContext, slug: string): Promise<number> {
  const response = await context.testApp.app.inject({
    method: "POST",
    url: "/api/employee/page",
    headers: { authorization: `Bearer ${context.adminToken}` },
    payload: draftPage(slug),
  });
  return employeePageSchema.parse(response.json()).id;
}

export const contentArea: BackOfficeArea = {
  name: "content",
  async prepare(context) {
    const auth = { authorization: `Bearer ${context.adminToken}` };
    const list = employeePageListSchema.parse((await context.testApp.app.inject({ method: "GET", url: "/api/employee/page?kind=blog&state=published&limit=5", headers: auth })).json());
    const post = list.items.find((item) => item.parentId !== null) ?? list.items[0];
    if (!post) throw new Error("The demo site has no blog post");
    blogPost = employeePageSchema.parse((await context.testApp.app.inject({ method: "GET", url: `/api/employee/page/${post.id}`, headers: auth })).json());
    return { page: post.id };
  },
  calls: [
    { route: "GET /api/employee/page", roles: ["content"], request: () => ({ method: "GET", url: "/api/employee/page?kind=blog" }) },
    { route: "GET /api/employee/page/{id}", roles: ["content"], request: (ids) => ({ method: "GET", url: `/api/employee/page/${ids.page}` }) },
    {
      route: "POST /api/employee/page",
      roles: ["content"],
      fresh: () => Promise.resolve({ serial: (created += 1) }),
      request: (ids) => ({ method: "POST", url: "/api/employee/page", payload: draftPage(`matrix/novaya-${ids.serial ?? 0}`) }),
    },
    {
      route: "PUT /api/employee/page/{id}",
      roles: ["content"],
      // The Get answer without updatedAt, so the repeated writes never trip the optimistic check.
      request: (ids) => ({ method: "PUT", url: `/api/employee/page/${ids.page}`, payload: { ...blogPost, updatedAt: undefined } }),
    },
    {
      route: "DELETE /api/employee/page/{id}",
      roles: ["content"],
      fresh: async (context, actor) => ({ doomed: await createDraft(context, `matrix/udalit-${actor}-${(created += 1)}`) }),
      request: (ids) => ({ method: "DELETE", url: `/api/employee/page/${ids.doomed ?? ids.page}` }),
    },
    { route: "GET /api/employee/site-block/{key}", roles: ["content"], request: () => ({ method: "GET", url: "/api/employee/site-block/footer" }) },
    {
      route: "PUT /api/employee/site-block/{key}",
      roles: ["content"],
      request: () => ({
        method: "PUT",
        url: "/api/employee/site-block/popup",
        payload: {
          key: "popup",
          content: { active: false, title: "Скидки", description: "", file: null, urlButton: "/catalog", textButton: "Смотреть", showFrom: null, showUntil: null },
        },
      }),
    },
  ],
};
