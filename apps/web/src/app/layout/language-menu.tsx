import { Check, Languages } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { MenuContent, MenuLabel, MenuRadioItem } from '@/components/ui/dropdown-menu';
import { isLanguageCode, LANGUAGES, switchLanguage } from '@/lib/i18n';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = isLanguageCode(i18n.language) ? i18n.language : 'en';

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="sm" className="h-9" aria-label={t('Change language')} title={t('Change language')}>
          <Languages aria-hidden className="size-[18px]" />
          <span className="text-xs font-semibold uppercase">{current}</span>
        </Button>
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="w-52">
        <MenuLabel>{t('Language')}</MenuLabel>
        <DropdownMenu.RadioGroup
          value={current}
          onValueChange={(code) => {
            if (isLanguageCode(code)) void switchLanguage(code);
          }}
        >
          {LANGUAGES.map((language) => (
            <MenuRadioItem key={language.code} value={language.code}>
              <span className="flex size-4 items-center justify-center">
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden className="text-indigo-600 dark:text-indigo-400" />
                </DropdownMenu.ItemIndicator>
              </span>
              <span lang={language.htmlLang} className="flex-1">
                {language.nativeName}
              </span>
              {t(language.name) !== language.nativeName ? (
                <span className="text-xs text-slate-500 dark:text-slate-400">{t(language.name)}</span>
              ) : null}
            </MenuRadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
