import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';

test('the chat demo sends with Enter as me, and the contact answers with a thumbs-up', async ({ page }) => {
  await signIn(page, DEMO.staff);
  await page.getByRole('button', { name: 'Chat' }).click();
  await page.getByRole('link', { name: 'Conversation' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText('messages stay in this browser tab and are not sent to anyone')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Find a dm' }).fill('kampot');
  await page.getByRole('button', { name: /Kampot Fresh Dairy/ }).click();
  const log = page.getByRole('log', { name: 'Messages with Kampot Fresh Dairy' });
  const box = page.getByRole('textbox', { name: 'Message to Kampot Fresh Dairy' });
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();

  await box.fill('Can you bring 2 extra litres on Friday?');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const items = log.getByRole('listitem');
  await expect(items.nth(-2)).toHaveText('meCan you bring 2 extra litres on Friday?');
  await expect(items.last()).toHaveText('Kampot Fresh Dairy👍');
});
