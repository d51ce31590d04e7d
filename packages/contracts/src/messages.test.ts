import { describe, expect, it } from 'vitest';
import {
  authMessages,
  billingMessages,
  bulkMessages,
  campaignMessages,
  contactMessages,
  failureMessages,
  invoiceMessages,
  notificationIds,
  rowErrorText,
  rowMessages,
  searchMessages,
  surveyMessages,
  validationMessages,
} from './messages.ts';

describe("the failure texts are api-spec §8's three wordings, each where the spec puts it", () => {
  it('keeps every wording as written', () => {
    expect(failureMessages).toEqual({
      retryLater: 'Something went wrong. Please try again later',
      listCreation: 'Something went wrong, please try again later',
      mail: 'Something went wrong, please try again later.',
    });
    expect(authMessages.genericRetry).toBe(failureMessages.retryLater);
    expect(bulkMessages.listCreationFailed).toBe(failureMessages.listCreation);
    expect(campaignMessages.settingsSaveFailed).toBe(failureMessages.mail);
  });
});

describe('auth messages are the api-spec §8 texts', () => {
  it('pins every text', () => {
    expect(authMessages).toEqual({
      unauthorized: 'User unauthorized.',
      cannotGetUser: 'Can not get current user.',
      cannotGetBalance: 'Can not get users balance.',
      cannotUpdateUser: 'Can not update current user.',
      wrongOldPassword: 'The old password you entered is incorrect. Please try again.',
      cannotUpdatePassword: 'Can not update password.',
      wrongPasswordOnDelete: 'The password you entered is incorrect.',
      accountExists: 'This account already exists, please log in',
      disposableEmail: 'Temporary Email Address Detected. Please use a permanent email address.',
      signUpFailed: 'Failed to sign up',
      wrongCredentials: 'These credentials do not match our records.',
      loginFailed: 'Failed to log in',
      genericRetry: 'Something went wrong. Please try again later',
      linkExpired: 'Your link is expired',
      googleFailed: 'Failed to log in with Google',
      verifyCodeFailed:
        'An error occurred while verifying your code. Please try again or contact support if the issue persists.',
      sessionExpired: 'User unauthorized. Please log in again.',
      profileUpdated: 'Your personal information was updated successfully.',
      accountDeleted: 'Your account was deleted successfully.',
      passwordUpdated: 'Your password has been updated successfully.',
      resetLinkSent: 'Please check your inbox. You should find a link to reset your password.',
      codeResent: 'We have resent the verification code, please check your email.',
    });
  });

  it('a 401 toast uses the fixed id', () => {
    expect(notificationIds.authorization).toBe('authorization error');
  });
});

describe('server-mapped validation texts (product-spec §5)', () => {
  it('pins the name-in-use texts', () => {
    expect(validationMessages.nameInUse).toBe('This name is already in use. Try another one.');
    expect(validationMessages.campaignNameInUse).toBe('This name is already in use.');
    expect(campaignMessages.nameInUse).toBe('This name is already in use.');
  });
});

describe('a contact list has one campaign (product-spec §3)', () => {
  it('names the campaign that already uses the list', () => {
    expect(campaignMessages.listInUse('Demo outreach')).toBe(
      'This contact list is already used by the campaign "Demo outreach".',
    );
    expect(campaignMessages.listUsedBy('Demo outreach')).toBe('Used by "Demo outreach"');
  });
});

describe('name messages name their field', () => {
  it('builds the same texts as the fixed keys', () => {
    expect(validationMessages.nameMin('First Name')).toBe(validationMessages.firstNameMin);
    expect(validationMessages.nameMax('Last Name')).toBe('Last Name must be at most 50 characters');
    expect(validationMessages.nameInvalid('Last Name')).toBe('Invalid Last Name');
  });
});

describe('search texts (api-spec §8)', () => {
  it('pins the modal and row texts', () => {
    expect(searchMessages.outOfFreeSearches).toBe('Out of Free Searches');
    expect(searchMessages.notEnoughCredits(3)).toBe(
      'You do not have enough credits... You need 3 more credits.',
    );
    expect(searchMessages.noMxRecords).toBe('No MX records associated with domain found');
    expect(searchMessages.connectionTimedOut).toBe('Connection timed out');
    expect(searchMessages.unknownError).toBe('Unknown error.');
  });

  it('keys score tooltips by score', () => {
    expect(searchMessages.scoreTooltips).toEqual({
      99: 'Single exact match',
      95: 'Multiple exact matches or catch-all with known pattern',
      60: 'Single possible valid email',
      50: 'Multiple possible valid email or catch-all',
    });
  });
});

describe('bulk texts fill in their placeholders', () => {
  it.each([
    [
      bulkMessages.previewFailed('Not found'),
      'An error occurred while loading the preview: Not found',
    ],
    [
      bulkMessages.downloadFailed('Forbidden'),
      'An error occurred while downloading your file: Forbidden',
    ],
    [bulkMessages.youWillPay(1), 'You will pay up to 1 credit(s)'],
    [bulkMessages.youWillPay(250), 'You will pay up to 250 credit(s)'],
    [bulkMessages.emailsFound(7), '7 emails found'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('other catalogue texts (api-spec §8)', () => {
  it('billing', () => {
    expect(billingMessages.cannotCreatePortal).toBe(
      'Can not create customer portal session session.',
    );
    expect(billingMessages.subscriptionCanceled).toBe(
      'Your subscription plan was successfully canceled',
    );
    expect(billingMessages.planAlreadyPurchased).toBe('Selected plan is already purchased');
  });

  it('contacts, invoices, survey and campaigns', () => {
    expect(contactMessages.nameInUse).toBe('This name is already in use. Try another one.');
    expect(contactMessages.showing(11, 20, 42)).toBe('Showing 11-20 of 42 results');
    expect(invoiceMessages.sendFailed).toBe('Failed to send the invoice. Please try again.');
    expect(invoiceMessages.linkCopied).toBe('Invoice link copied to clipboard.');
    expect(surveyMessages).toEqual({
      submitted: 'Survey submitted successfully!',
      failed: 'Error submitting survey!',
    });
    expect(campaignMessages.settingsSaveFailed).toBe(
      'Something went wrong, please try again later.',
    );
  });
});

describe('row texts (api-spec §8 "Search")', () => {
  it('shows a missing MX record as a no-business-email message', () => {
    expect(rowErrorText('No MX records associated with domain found')).toBe(
      rowMessages.noBusinessEmail,
    );
  });

  it('shows a timed-out connection as connection trouble', () => {
    expect(rowErrorText('Connection timed out')).toBe(rowMessages.connectionTrouble);
  });

  it('shows any other error as it came, and an empty one as Unknown error.', () => {
    expect(rowErrorText('Mail server refused the connection')).toBe(
      'Mail server refused the connection',
    );
    expect(rowErrorText('')).toBe(searchMessages.unknownError);
  });
});
