import { expect, test, uniqueEmail } from './fixtures';
import { makeAdmin, signUpThroughUi } from './journeys';

test('an admin sees the Admin entry and a customer does not', async ({ page }) => {
  const email = uniqueEmail();
  await signUpThroughUi(page, email);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await makeAdmin(page.request, email);
  await page.reload();
  await expect(header.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');

  await page.setViewportSize({ width: 390, height: 844 });
  await header.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
});
