import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useTheme } from '@/lib/theme';

const TOAST_DURATION_MS = 3000;

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Tooltip.Provider delayDuration={200}>
          {children}
          <AppToaster />
        </Tooltip.Provider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

function AppToaster() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <Toaster
      position="top-left"
      duration={TOAST_DURATION_MS}
      closeButton
      richColors
      theme={theme}
      containerAriaLabel={t('Notifications')}
      toastOptions={{ closeButtonAriaLabel: t('Close') }}
    />
  );
}
