import {
  CAMPAIGN_SCHEDULES_MAX,
  CAMPAIGN_STEPS_MAX,
  CUSTOM_COLUMNS_MAX,
  EVENT_PROPERTIES_MAX_BYTES,
  IMPORT_CUSTOM_COLUMNS_MAX,
  STEP_VARIANTS_MAX,
  scoreTooltips,
} from './constants.ts';

// api-spec §8 words a failure without a message three ways, each for its own places; kept as
// written.
export const failureMessages = {
  // Auth: forgot-password and resend failures; the server's answer to an unexpected error.
  retryLater: 'Something went wrong. Please try again later',
  // Bulk and look-alike: contact list creation failure.
  listCreation: 'Something went wrong, please try again later',
  // Campaign settings save failure; the mail screens' other failures are worded the same.
  mail: 'Something went wrong, please try again later.',
} as const;

// api-spec §8, auth part: copied word for word.
export const authMessages = {
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
  genericRetry: failureMessages.retryLater,
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
} as const;

export type NameField = 'First Name' | 'Last Name';

// product-spec §5, word for word. The spec shows no text for a bare required field, the code,
// redirect and event checks, the credits maximum, generic lengths and number bounds, time, date,
// timezone and port formats, the schedule's end date and days, or the company filter fields:
// those texts are ours, kept plain.
export const validationMessages = {
  required: 'This field is required',

  passwordRequired: 'Password is required',
  passwordSpaces: 'Password cannot contain empty spaces',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: 'Password must be at most 20 characters',
  passwordCapital: 'Password must contain at least 1 capital letter',
  passwordNumber: 'Password must contain at least 1 number',
  confirmPasswordMismatch: 'Must match "New password" field value',

  emailRequired: 'This field is required',
  emailInvalid: 'Please enter a valid email',

  nameMin: (field: NameField) => `${field} must be at least 2 characters`,
  nameMax: (field: NameField) => `${field} must be at most 50 characters`,
  nameInvalid: (field: NameField) => `Invalid ${field}`,
  firstNameMin: 'First Name must be at least 2 characters',
  firstNameMax: 'First Name must be at most 50 characters',
  firstNameInvalid: 'Invalid First Name',
  lastNameMin: 'Last Name must be at least 2 characters',
  lastNameMax: 'Last Name must be at most 50 characters',
  lastNameInvalid: 'Invalid Last Name',

  codeInvalid: 'The code must be 6 digits',
  redirectUrlInvalid: 'redirectUrl must be a path starting with /',
  eventNameInvalid: 'Event name must be 1 to 100 characters',
  eventPropertiesTooLarge: `Event properties must be at most ${EVENT_PROPERTIES_MAX_BYTES / 1024} KB as JSON`,

  companyRequired: 'Company website or name is a required field',
  searchNameInvalid: 'Invalid Name',

  creditsMin: 'Minimum value is 10',
  creditsMax: 'Maximum value is 9,999,999',
  creditsWhole: 'Credits must be a whole number',

  maxLength: (max: number) => `Must be at most ${max} characters`,

  emailsLimitMin: 'The number of emails must be at least 1',
  emailsLimitMax: 'The number of emails cannot be more than 50',
  maxGapAboveMin: 'Max must be higher than Min',
  numberMaxDigits: 'Must be at most 4 digits',
  wholeNumber: 'Must be a whole number of 0 or more',

  nameInUse: 'This name is already in use. Try another one.',
  campaignNameInUse: 'This name is already in use.',

  campaignStepsMax: `A campaign can have at most ${CAMPAIGN_STEPS_MAX} steps`,
  stepVariantsMax: `A step can have at most ${STEP_VARIANTS_MAX} variants`,
  campaignSchedulesMax: `A campaign can have at most ${CAMPAIGN_SCHEDULES_MAX} schedules`,
  subjectInvalidVariables: 'Subject contains invalid variables',
  bodyInvalidVariables: 'Body contains invalid variables',

  recipientRequired: 'Please add at least one recipient',

  invalidTime: 'Please enter a time as HH:MM',
  invalidDate: 'Please enter a date as YYYY-MM-DD',
  invalidTimezone: 'Please select a valid timezone',
  invalidPort: 'Please enter a port from 1 to 65535',
  scheduleEndDateBeforeStart: 'End date cannot be before start date',
  scheduleTimeOrder: 'Time To must be later than Time From on the same day',
  scheduleDaysRequired: 'Select at least one day',

  selectMailbox: 'Select at least one mailbox',

  companyNameMin: 'Company name must be at least 2 characters',
  companyNameUrl: 'Company name cannot be a URL',
  foundedYearMin: 'Year must be at least 1',
  foundedYearMax: 'Year cannot be in the future',
  foundedYearOrder: "'To' year cannot be earlier than 'From' year",
  jobTitleMin: 'Job title must be at least 2 characters',

  filterYearAlone:
    "Searching by year alone isn't possible. Please select at least one additional filter option.",
  filterExcludeAlone:
    "Searching by exclude location alone isn't possible. Please select at least one additional filter option.",
  filterYearsAndExclude:
    "Using both Founded In and Exclude Locations together isn't allowed. Please select an additional filter to proceed.",
  filterNone: 'You have not selected any filters. Please select at least one.',
} as const;

// api-spec §8 "Search" and product-spec §2 single search and bulk screens.
export const searchMessages = {
  outOfFreeSearches: 'Out of Free Searches',
  searchLimitReached: 'You reached your search limit...',
  upgradeNow: 'Upgrade Now',
  notEnoughCredits: (needed: number) =>
    `You do not have enough credits... You need ${needed} more credits.`,
  // The server's words for credits short: a payment_error event's message and the 402 of a
  // result download (the spec gives none; the screens show notEnoughCredits).
  creditsShort: 'Not enough credits',
  // The server's words when no credit is available to hold: the credit ledger's 402 and a
  // Find Emails lead that the balance no longer covers (ours; the spec gives none).
  noCreditsAvailable: 'You do not have enough credits.',
  purchaseCredits: 'Purchase Credits',
  noMxRecords: 'No MX records associated with domain found',
  connectionTimedOut: 'Connection timed out',
  unknownError: 'Unknown error.',
  slicing: 'slicing...',
  scoreTooltips,
} as const;

// The spec names these row messages without giving their words: ours, kept plain. The
// screens and the bulk result files word a row the same way.
export const rowMessages = {
  noBusinessEmail: 'This company has no business email: no mail server was found for its domain.',
  connectionTrouble:
    'We had trouble connecting to the company’s mail server. Please try again later.',
  noEmailFound: 'No email found',
} as const;

// api-spec §8 "Search": row errors.
export function rowErrorText(error: string): string {
  if (error === searchMessages.noMxRecords) return rowMessages.noBusinessEmail;
  if (error === searchMessages.connectionTimedOut) return rowMessages.connectionTrouble;
  return error.trim() === '' ? searchMessages.unknownError : error;
}

export const billingMessages = {
  unauthorized: authMessages.unauthorized,
  cannotGetPlans: 'Can not get plans.',
  cannotGetCard: 'Can not get card details.',
  cannotCreateCheckout: 'Can not create checkout session.',
  cannotGetCheckout: 'Can not get checkout session.',
  // "session session" is the spec's text, kept as written.
  cannotCreatePortal: 'Can not create customer portal session session.',
  cannotCancelSubscription: 'Can not cancel a subscription',
  cannotGetReceipts: 'Can not get receipts',
  subscriptionCanceled: 'Your subscription plan was successfully canceled',
  planAlreadyPurchased: 'Selected plan is already purchased',
  freeForever: 'FREE Forever',
  cancelAnytime: 'You can cancel anytime',
  startFreePlan: 'Start your FREE plan today',
} as const;

export const bulkMessages = {
  previewFailed: (message: string) => `An error occurred while loading the preview: ${message}`,
  downloadFailed: (message: string) => `An error occurred while downloading your file: ${message}`,
  listCreationFailed: failureMessages.listCreation,
  listCreated: 'Contact list created successfully!',
  bonusFailed: 'Something went wrong.',
  alreadyPaid: 'You already paid for these emails',
  youWillPay: (credits: number) => `You will pay up to ${credits} credit(s)`,
  noEmailsFound: 'No emails were found',
  emailsFound: (count: number) => `${count} emails found`,
  // Not the spec's text: it is silent on a list's addresses to verify before it is bought.
  toVerify: (count: number) =>
    `${count.toLocaleString('en-US')} to verify, shown once you download`,
  bulkFailed: 'Bulk search failed',
  listCreationProgress: 'Please wait until the list creation is finished...',
  noContactsFound: 'No contacts were found',
  searchesAvailable: (count: number) => `Searches available: ${count}`,
} as const;

export const contactMessages = {
  nameInUse: validationMessages.nameInUse,
  deleteConfirm: 'Are you sure you want to delete this contact List?',
  activeCampaignDetected: 'Active Campaign Detected',
  checkCampaigns: 'Check the Campaigns',
  noResults: 'No results found',
  showing: (from: number, to: number, total: number) => `Showing ${from}-${to} of ${total} results`,
  // Not the spec's text: contacts are one per e-mail, so a second row with the same e-mail
  // would silently replace the first.
  duplicateEmail: 'This e-mail is already in the list above.',
  // Not the spec's texts: Add Contact on a list whose contact has that e-mail would replace
  // its names and values, so it asks first.
  alreadyInList: 'This contact is already in the list.',
  updateExisting: 'Update contact',
  contactAdded: 'Contact added.',
  contactUpdated: 'Contact updated.',
  // Not the spec's texts: it is silent on deleting a column and on copying contacts. A custom
  // column is the user's, shown on all their lists, and its values go with it (cascade).
  deleteColumnConfirm: (column: string) =>
    `Delete the column "${column}"? Its values are erased for every contact, in this list and in all your other contact lists, where the column disappears too. The contacts themselves stay. This cannot be undone.`,
  columnGone: 'This column was already deleted.',
  // Not the spec's texts: it sets no number of custom columns.
  tooManyImportColumns: (count: number) =>
    `A contact import may have at most ${IMPORT_CUSTOM_COLUMNS_MAX} custom columns besides email, fname and lname; this one has ${count}.`,
  tooManyColumns: `You can have at most ${CUSTOM_COLUMNS_MAX} custom columns. Delete columns you no longer need before adding new ones.`,
  // A list is its campaign's audience: the sender takes new members as new leads.
  listHasCampaign: (campaign: string) =>
    `The campaign "${campaign}" sends to this list: the contacts you copy join it and get its e-mails while it is active.`,
  copiedToList: (added: number, already: number, list: string) => {
    const contacts = `${added} contact${added === 1 ? '' : 's'}`;
    const skipped =
      already === 0
        ? ''
        : ` ${already} ${already === 1 ? 'was' : 'were'} already on it and ${already === 1 ? 'was' : 'were'} not added again.`;
    return `${contacts} added to "${list}".${skipped}`;
  },
} as const;

export const invoiceMessages = {
  sent: 'The invoice was sent successfully.',
  sendFailed: 'Failed to send the invoice. Please try again.',
  linkCopied: 'Invoice link copied to clipboard.',
  copyFailed: 'Failed to copy.',
  empty: 'Invoices are not found. Please create one',
} as const;

export const surveyMessages = {
  submitted: 'Survey submitted successfully!',
  failed: 'Error submitting survey!',
} as const;

export const campaignMessages = {
  settingsSaveFailed: failureMessages.mail,
  nameInUse: validationMessages.campaignNameInUse,
  openTrackingLater: "This feature will be available later. We're working on it!",
  // Not the spec's texts: a contact list has one campaign (product-spec §3), so another
  // campaign's list is refused and shown as taken in the picker.
  listInUse: (campaign: string) =>
    `This contact list is already used by the campaign "${campaign}".`,
  listUsedBy: (campaign: string) => `Used by "${campaign}"`,
  // Not the spec's text: its status stays 'active' or 'paused' (nothing_left says this).
  nothingLeft:
    'Nothing left to send: every contact has had every step, replied, unsubscribed, bounced, is on the Do-not-email list or was left out by its address check.',
} as const;

// A fixed toast id keeps repeated 401s from stacking notifications (api-spec §4).
export const notificationIds = {
  authorization: 'authorization error',
} as const;
