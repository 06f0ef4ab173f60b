import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@shop/contracts/report';
import { useTheme } from '@/lib/theme';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The year by month: income as a line, orders and income as bars (loaded only with the dashboard). */
export default function DashboardCharts({ months, chart }: { months: Dashboard['months']; chart: 'line' | 'bar' }) {
  const { t } = useTranslation();
  const dark = useTheme() === 'dark';
  const grid = dark ? '#334155' : '#e2e8f0';
  const text = dark ? '#94a3b8' : '#64748b';
  const data = months.map((m) => ({ name: t(MONTHS[m.month - 1]!), income: m.income, orders: m.orders, expense: m.expense }));
  const tooltipStyle = { backgroundColor: dark ? '#0f172a' : '#fff', borderColor: grid, color: dark ? '#e2e8f0' : '#0f172a' };
  return (
    <ResponsiveContainer width="100%" height={260}>
      {chart === 'line' ? (
        <LineChart data={data} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid stroke={grid} strokeDasharray="3 3" />
          <XAxis dataKey="name" stroke={text} fontSize={12} />
          <YAxis stroke={text} fontSize={12} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend />
          <Line type="monotone" dataKey="income" name={t('Income')} stroke="#4f46e5" strokeWidth={2} dot={false} />
          <Line type="monotone" dataKey="expense" name={t('Expense')} stroke="#f59e0b" strokeWidth={2} dot={false} />
        </LineChart>
      ) : (
        <BarChart data={data} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid stroke={grid} strokeDasharray="3 3" />
          <XAxis dataKey="name" stroke={text} fontSize={12} />
          <YAxis yAxisId="orders" stroke={text} fontSize={12} allowDecimals={false} />
          <YAxis yAxisId="income" orientation="right" stroke={text} fontSize={12} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend />
          <Bar yAxisId="orders" dataKey="orders" name={t('Sales')} fill="#818cf8" radius={[4, 4, 0, 0]} />
          <Bar yAxisId="income" dataKey="income" name={t('Revenue')} fill="#10b981" radius={[4, 4, 0, 0]} />
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
