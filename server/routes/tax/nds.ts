import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { ndsSchema } from "../../../shared/contracts/index";
import { VAT_PERCENT } from "../../../shared/domain/index";
import { openApiTags } from "../../plugins/openapi";

/** GET /nds: the VAT rate of the footer's note (spec §2, §7). */
export const ndsRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    "/nds",
    {
      schema: {
        tags: [openApiTags.reference],
        operationId: "getNds",
        summary: "Ставка НДС / VAT rate",
        description: "НДС в процентах, который включён во все цены. / The VAT rate, in percent, all prices include.",
        response: { 200: ndsSchema.check(z.describe("Ставка НДС / VAT rate")) },
      },
    },
    async () => ({ percent: VAT_PERCENT }),
  );
};
