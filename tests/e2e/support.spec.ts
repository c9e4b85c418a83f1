import { ADMIN_PAGES } from '../../src/domain/admin';
import { SUPPORT_TEXTS } from '../../src/domain/support-conversations';
import { sandboxImei } from '../../src/server/integrations/suppliers/sandbox-outcomes';
import { expect, expectSettledAccessible, test, uniqueEmail } from './fixtures';
import { signInAsAdmin } from './journeys';
import { PHONE, paidUnlock } from './unlock-journeys';

/**
 * Issue 44 §5: "Contact support" on an order's page opens a conversation tied to the order; the
 * admin inbox lists it with its age and answers it; the answer reaches the customer's page and
 * their email, and the order's timeline links the conversation.
 */
test('a customer asks about an order from its page, by keyboard; the team answers from the inbox; the answer reaches the page and the email', async ({
  page,
}) => {
  const email = uniqueEmail();
  const { orderId, token } = await paidUnlock(page.request, email, sandboxImei('slow_success', Date.now() % 10_000));

  await page.setViewportSize(PHONE);
  await page.goto(`/order/${orderId}?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Questions about this order?' })).toBeVisible();
  const contact = page.getByRole('button', { name: 'Contact support' });
  await contact.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Ask about this order' });
  await expect(dialog.getByText('We see your order’s details with your message.')).toBeVisible();
  // Sent empty: the field says what is missing, and nothing is sent.
  await dialog.getByRole('button', { name: 'Send message' }).press('Enter');
  await expect(dialog.getByText(SUPPORT_TEXTS.empty)).toBeVisible();
  await expectSettledAccessible(page);
  await dialog.getByLabel('Your message').fill('The unlock code has not arrived. Is my order moving?');
  await dialog.getByRole('button', { name: 'Send message' }).press('Enter');

  const heading = page.getByRole('heading', { name: /^Conversation S-[a-f0-9]{8}$/ });
  await expect(heading).toBeVisible();
  const reference = ((await heading.textContent()) ?? '').replace('Conversation ', '');
  const conversationUrl = page.url();
  await expect(page.getByText('Waiting for our answer')).toBeVisible();
  const thread = page.getByRole('list', { name: 'Messages, oldest first' });
  await expect(thread.getByText('The unlock code has not arrived. Is my order moving?')).toBeVisible();
  await expectSettledAccessible(page);

  // The team: the overview counts the waiting question against the promise; the inbox answers it.
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(ADMIN_PAGES.overview);
  await expect(page.getByText(/customers? waits? for an answer; the oldest for/)).toBeVisible();
  await page.goto(`${ADMIN_PAGES.orders}/${orderId}`);
  await page.getByRole('link', { name: `Wrote to support (${reference})` }).click();
  const conversation = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `${reference} · ${email}` }) });
  await expect(conversation.getByText(/^Waiting (less than|\d)/)).toBeVisible();
  await expect(conversation.getByRole('link', { name: /^Order / })).toBeVisible();
  await conversation
    .getByLabel(`Answer to ${email}`)
    .fill('Your unlock is with the carrier; the code comes within the guarantee.');
  await conversation.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText(SUPPORT_TEXTS.answered)).toBeVisible();
  await expect(conversation.getByText('Answered', { exact: true })).toBeVisible();
  await expectSettledAccessible(page);

  const outbox = await page.request.get(`/api/admin/mail-outbox?to=${encodeURIComponent(email)}`);
  const subjects = ((await outbox.json()) as { messages: { subject: string }[] }).messages.map((m) => m.subject);
  expect(subjects).toEqual(
    expect.arrayContaining([`We received your message (${reference})`, `Our answer to your message (${reference})`]),
  );

  // Back on the customer's page (its emailed link), in the dark theme: the answer is there.
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.setViewportSize(PHONE);
  await page.goto(conversationUrl);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(thread.getByText('Your unlock is with the carrier; the code comes within the guarantee.')).toBeVisible();
  await expect(page.getByText('Answered', { exact: true })).toBeVisible();
  await expectSettledAccessible(page);
});

test('a visitor writes to a person from the help centre and lands on the conversation', async ({ page }) => {
  await page.goto('/support');
  await page.getByRole('button', { name: 'Contact support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write to our team' });
  await dialog.getByLabel('Your message').fill('Do you unlock phones from Telcel Mexico?');
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog.getByText(SUPPORT_TEXTS.emailNeeded)).toBeVisible();
  await dialog.getByLabel('Your email').fill(uniqueEmail());
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: /^Conversation S-/ })).toBeVisible();
  await expect(page.getByText('Do you unlock phones from Telcel Mexico?')).toBeVisible();
  await page.getByLabel('Write again').fill('And from AT&T Mexico?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('And from AT&T Mexico?')).toBeVisible();
});
