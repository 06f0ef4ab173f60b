import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings-defaults';
import type { Settings, SettingsSection } from '@shop/contracts/settings';
import { apiRequest } from './api-client';

/*
 * The shop's settings, stored on the server (GET /settings) and cached here: the till reads
 * tax, service and payment methods from them, and Localization drives money formatting.
 */

export const settingsKeys = { all: ['settings'] as const };

/**
 * Checked on arrival: settings the console cannot read leave it on the defaults, never broken.
 * The schema (and zod) load with the answer, keeping them out of the console's first load.
 */
export async function getSettings(signal?: AbortSignal): Promise<Settings> {
  const [body, { settingsSchema }] = await Promise.all([apiRequest<{ data: unknown }>('/settings', { signal }), import('@shop/contracts/settings')]);
  return settingsSchema.parse(body.data);
}

export const settingsQueryOptions = queryOptions({
  queryKey: settingsKeys.all,
  queryFn: ({ signal }) => getSettings(signal),
  staleTime: 5 * 60_000,
});

/** The settings, or a new shop's defaults until they arrive (the till never waits on them to draw). */
export function useShopSettings() {
  const query = useQuery(settingsQueryOptions);
  return { ...query, settings: query.data ?? DEFAULT_SETTINGS };
}

export function saveSettingsSection<S extends SettingsSection>(section: S, value: Settings[S]): Promise<Settings[S]> {
  return apiRequest<{ data: Settings[S] }>(`/settings/${section}`, { method: 'PUT', body: value }).then((body) => body.data);
}

/** Saves one tab; the cached settings take the saved section at once. */
export function useSaveSettingsSection<S extends SettingsSection>(section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: Settings[S]) => saveSettingsSection(section, value),
    onSuccess: (saved) => {
      queryClient.setQueryData<Settings>(settingsKeys.all, (current) => ({ ...(current ?? DEFAULT_SETTINGS), [section]: saved }));
    },
  });
}
