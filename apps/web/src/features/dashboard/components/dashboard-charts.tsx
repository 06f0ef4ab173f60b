import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@shop/contracts/report';
import { useTheme } from '@/lib/theme';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// Lines and bars at 3:1 or more against the card in each theme (WCAG 1.4.11).
const SERIES = {
  light: { income: '#4f46e5', expense: '#d97706', orders: '#6366f1', revenue: '#059669' },
  dark: { income: '#818cf8', expense: '#f59e0b', orders: '#818cf8', revenue: '#10b981' },
} as const;

/** The year by month: income as a line, orders and income as bars (loaded only with the dashboard). */
export default function DashboardCharts({ months, chart }: { months: Dashboard['months']; chart: 'line' | 'bar' }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const dark = theme === 'dark';
  const series = SERIES[theme];
  const grid = dark ? '#334155' : '#e2e8f0';
  const text = dark ? '#94a3b8' : '#64748b';
  const data = months.map((m) => ({ name: t(MONTHS[m.month - 1]!), income: m.income, orders: m.orders, expense: m.expense }));
  const tooltipStyle = { backgroundColor: dark ? '#0f172a' : '#fff', borderColor: grid, color: dark ? '#e2e8f0' : '#0f172a' };
  // The legend names each series in the text colour, next to its swatch: coloured text would be too faint.
  const legendText = (name: string) => <span style={{ color: text }}>{name}</span>;
  return (
    <ResponsiveContainer width="100%" height={260}>
      {chart === 'line' ? (
        <LineChart data={data} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid stroke={grid} strokeDasharray="3 3" />
          <XAxis dataKey="name" stroke={text} fontSize={12} />
          <YAxis stroke={text} fontSize={12} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend formatter={legendText} />
          <Line type="monotone" dataKey="income" name={t('Income')} stroke={series.income} strokeWidth={2} dot={false} />
          <Line type="monotone" dataKey="expense" name={t('Expense')} stroke={series.expense} strokeWidth={2} dot={false} />
        </LineChart>
      ) : (
        <BarChart data={data} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid stroke={grid} strokeDasharray="3 3" />
          <XAxis dataKey="name" stroke={text} fontSize={12} />
          <YAxis yAxisId="orders" stroke={text} fontSize={12} allowDecimals={false} />
          <YAxis yAxisId="income" orientation="right" stroke={text} fontSize={12} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend formatter={legendText} />
          <Bar yAxisId="orders" dataKey="orders" name={t('Sales')} fill={series.orders} radius={[4, 4, 0, 0]} />
          <Bar yAxisId="income" dataKey="income" name={t('Revenue')} fill={series.revenue} radius={[4, 4, 0, 0]} />
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
