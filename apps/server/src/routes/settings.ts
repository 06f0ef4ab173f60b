import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordResponseSchema } from '@shop/contracts/common';
import { SETTINGS_MESSAGES, SETTINGS_SECTIONS, settingsSchema, type Settings } from '@shop/contracts/settings';
import { actorOf } from '../plugins/auth';
import { getSettings, updateSettingsSection } from '../services/settings';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    { config: { access: 'signed-in' }, schema: { tags: ['settings'], summary: 'The shop settings, every section (the till reads them)', response: { 200: recordResponseSchema(settingsSchema) } } },
    async () => ({ data: await getSettings(app.services) }),
  );

  // One route per section, so each validates against its own schema and documents it.
  for (const section of SETTINGS_SECTIONS) {
    const body = settingsSchema.shape[section];
    app.put(
      `/settings/${section}`,
      {
        config: { access: 'settings:manage' },
        schema: {
          tags: ['settings'],
          summary: `Save the ${section} settings (Admin)`,
          body,
          response: { 200: z.object({ data: body, message: z.string() }) },
        },
      },
      async (request) => {
        const value = request.body as Settings[typeof section];
        const data = await updateSettingsSection(app.services, section, value, actorOf(request));
        return { data, message: SETTINGS_MESSAGES.saved };
      },
    );
  }
};
