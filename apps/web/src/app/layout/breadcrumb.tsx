import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { breadcrumbItems } from './breadcrumb-items';

export function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const crumbs = breadcrumbItems(pathname);

  return (
    <nav aria-label={t('Breadcrumb')} className="mb-4 print:hidden">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-500 dark:text-slate-400">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          const label = crumb.spoken ? t(crumb.label) : crumb.label;
          return (
            <li key={crumb.to} className="flex items-center gap-1.5">
              {index > 0 ? <ChevronRight aria-hidden className="size-3.5 text-slate-400 dark:text-slate-600" /> : null}
              {last ? (
                <span aria-current="page" className="font-medium text-slate-900 dark:text-slate-100">
                  {label}
                </span>
              ) : (
                <Link to={crumb.to} className="hover:text-indigo-600 hover:underline dark:hover:text-indigo-400">
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
