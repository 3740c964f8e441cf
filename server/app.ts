import fastifyCors from "@fastify/cors";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";
import type { FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import type { CaptchaVerifier } from "./adapters/recaptcha";
import type { Database } from "./db/client";
import { frameworkErrors, installErrorHandlers, sendNotFound } from "./plugins/errors";
import { installOpenApi, openApiDocumentRoute } from "./plugins/openapi";
import { installSessions } from "./plugins/session";
import { createAccountService } from "./services/account.service";
import type { AccountService } from "./services/account.service";
import {
  addressByCoordsRoutes,
  authRoutes,
  cityRoutes,
  clientAccountRoutes,
  clientRoutes,
  favoriteRoutes,
  feedbackRoutes,
  ndsRoutes,
  productCategoryRoutes,
  productRoutes,
  selfPickupRoutes,
} from "./routes/index";
import { createCatalogService } from "./services/catalog.service";
import type { CatalogService } from "./services/catalog.service";
import { createGeoService } from "./services/geo.service";
import type { GeoService } from "./services/geo.service";
import { createClientService } from "./services/client.service";
import type { ClientService } from "./services/client.service";
import { createCompanyService } from "./services/company.service";
import { createFeedbackService } from "./services/feedback.service";
import type { FeedbackService } from "./services/feedback.service";
import type { CompanyDirectory, CompanyService } from "./services/company.service";
import { createSessionService } from "./services/session.service";
import type { SessionService } from "./services/session.service";
import { SESSION_TOKEN_HEADER } from "../shared/contracts/index";

declare module "fastify" {
  interface FastifyInstance {
    catalog: CatalogService;
    geo: GeoService;
    sessions: SessionService;
    accounts: AccountService;
    companies: CompanyService;
    clients: ClientService;
    feedback: FeedbackService;
  }
  interface FastifyRequest {
    /** Where shoppers reach the shop, e.g. `https://ottisk.ru`: the start of every absolute URL the API gives out. */
    readonly publicOrigin: string;
  }
}

export interface AppOptions {
  database: Database;
  /** Served at /files/ (product photos, later uploads). */
  filesDir: string;
  /** Fastify's logger: false (the default) for tests, true or pino options for the server. */
  logger?: FastifyServerOptions["logger"];
  /** The shop's public address; without it the address each request came to is used. */
  publicUrl?: string;
  /** Browser origins allowed to call /api across sites (partners embedding the widgets). */
  partnerOrigins?: string[];
  /** Where companies are looked up by ИНН beyond the shop's own (DaData); none offline. */
  companyDirectory?: CompanyDirectory | null;
  /** reCAPTCHA for the feedback form: the site key the storefront shows and the server's check; none offline. */
  recaptcha?: { siteKey: string; verifier: CaptchaVerifier } | null;
}

/**
 * The Ottisk API as a Fastify instance that is not listening yet: the error handlers, CORS for
 * partners, the OpenAPI document, the routes under /api and the files under /files/. The caller
 * adds the host site and the widgets, then listens (server.ts) or injects requests (tests).
 */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    frameworkErrors,
    // Each /api answer is small; a larger body is a mistake or an attack.
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandlers(app);

  const publicUrl = options.publicUrl?.replace(/\/+$/, "");
  app.decorateRequest("publicOrigin", {
    getter() {
      return publicUrl ?? `${this.protocol}://${this.host}`;
    },
  });
  app.decorate("catalog", createCatalogService(options.database));
  const geo = createGeoService(options.database);
  app.decorate("geo", geo);
  const sessions = createSessionService(options.database);
  const companies = createCompanyService(options.database, options.companyDirectory ?? null);
  app.decorate("sessions", sessions);
  app.decorate("accounts", createAccountService(options.database, sessions, geo));
  app.decorate("companies", companies);
  app.decorate("clients", createClientService(options.database, companies, sessions));
  app.decorate("feedback", createFeedbackService(options.database, options.recaptcha?.verifier ?? null));

  await installOpenApi(app);

  await app.register(
    async (api) => {
      // Only the partners' sites may call the API from a browser with the shopper's cookies.
      await api.register(fastifyCors, {
        origin: options.partnerOrigins ?? [],
        credentials: true,
        methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
        // A widget on a partner's page keeps the session it is handed here (third-party cookies are blocked there).
        exposedHeaders: [SESSION_TOKEN_HEADER],
        maxAge: 600,
      });
      await installSessions(api, sessions);
      // A 404 inside /api runs the CORS hook above, so a partner's page can read its messageUI.
      api.setNotFoundHandler(sendNotFound);
      await api.register(openApiDocumentRoute);
      await api.register(productCategoryRoutes);
      await api.register(productRoutes);
      await api.register(ndsRoutes);
      await api.register(cityRoutes);
      await api.register(addressByCoordsRoutes);
      await api.register(selfPickupRoutes);
      await api.register(authRoutes);
      await api.register(favoriteRoutes);
      await api.register(clientAccountRoutes);
      await api.register(clientRoutes);
      await api.register(feedbackRoutes, { recaptchaSiteKey: options.recaptcha?.siteKey ?? null });
    },
    { prefix: "/api" },
  );

  const filesDir = resolve(options.filesDir);
  await mkdir(filesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: filesDir,
    prefix: "/files/",
    decorateReply: false,
    index: false,
    dotfiles: "ignore",
    // Folders are not listed: asking for one is the same miss as asking for a file that is not there.
    allowedPath: (pathName) => !pathName.endsWith("/"),
    // Files keep their names while they live; a day fresh, then revalidated by ETag.
    maxAge: "1d",
    setHeaders: (reply) => {
      // Uploaded SVGs and PDFs must never run scripts on the shop's origin when opened directly.
      reply.header("content-security-policy", "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
      reply.header("x-content-type-options", "nosniff");
    },
  });

  return app;
}

/** The instance buildApp gives: routes added to it get request types from their zod schemas. */
export type App = Awaited<ReturnType<typeof buildApp>>;
