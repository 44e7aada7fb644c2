import { describe, expect, it } from 'vitest';
import {
  brandingFileProblem,
  emailRecipients,
  emailTestProblems,
  generalSettingsProblems,
  integrationProblems,
  licenseKeyProblem,
  PRODUCT_NAME_MAX,
} from './settingsForms';

const general = {
  productName: 'Contoso Cloud',
  salesEmail: 'sales@contoso.example',
  uiSessionTimeout: '30',
  eula: '/api/public/eula',
};
const guid = '11111111-2222-3333-4444-555555555555';

describe('the settings dashboard forms (spec §2 settings dashboard, §3 Settings)', () => {
  it('accepts general settings within their bounds, blanks included', () => {
    expect(generalSettingsProblems(general)).toEqual({});
    expect(
      generalSettingsProblems({
        ...general,
        productName: '',
        salesEmail: '',
        eula: 'https://contoso.example/terms.html',
      }),
    ).toEqual({});
  });

  it('says what is wrong with each general field', () => {
    expect(
      generalSettingsProblems({
        productName: 'x'.repeat(PRODUCT_NAME_MAX + 1),
        salesEmail: 'sales',
        uiSessionTimeout: '4',
        eula: 'http://x.example',
      }),
    ).toEqual({
      productName: `Use at most ${PRODUCT_NAME_MAX} characters.`,
      salesEmail: 'Enter an e-mail address such as sales@example.com.',
      uiSessionTimeout: 'Enter whole minutes from 5 to 720.',
      eula: 'Enter an https:// address or a path on this server.',
    });
    expect(generalSettingsProblems({ ...general, uiSessionTimeout: '721' }).uiSessionTimeout).toBe(
      'Enter whole minutes from 5 to 720.',
    );
    expect(generalSettingsProblems({ ...general, uiSessionTimeout: '7.5' }).uiSessionTimeout).toBe(
      'Enter whole minutes from 5 to 720.',
    );
  });

  it('checks a licence key before it is activated', () => {
    expect(licenseKeyProblem('CONTOSO-AZURE-CORE')).toBeNull();
    expect(licenseKeyProblem('  ')).toBe('Enter a licence key.');
    expect(licenseKeyProblem('contoso azure')).toBe(
      'A licence key is letters and digits in dash-separated groups, such as CONTOSO-AZURE-CORE.',
    );
  });

  it('takes branding images of the allowed types up to 2 MB', () => {
    expect(brandingFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(brandingFileProblem({ type: 'application/pdf', size: 1000 })).toBe('Choose a PNG, JPEG, SVG or ICO image.');
    expect(brandingFileProblem({ type: 'image/gif', size: 1000 })).toBe('Choose a PNG, JPEG, SVG or ICO image.');
    expect(brandingFileProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe(
      'Choose an image of at most 2 MB.',
    );
  });

  it('reads recipients separated by commas, semicolons or spaces', () => {
    expect(emailRecipients(' a@x.example, b@x.example;c@x.example  ')).toEqual([
      'a@x.example',
      'b@x.example',
      'c@x.example',
    ]);
  });

  it('checks the e-mail test form', () => {
    expect(emailTestProblems({ recipients: 'ada@contoso.example', subject: 'Test', body: 'Hello' })).toEqual({});
    expect(emailTestProblems({ recipients: '', subject: ' ', body: '' })).toEqual({
      recipients: 'Enter at least one recipient.',
      subject: 'Enter a subject.',
      body: 'Enter a message.',
    });
    expect(
      emailTestProblems({ recipients: 'ada@contoso.example, nobody', subject: 'x'.repeat(201), body: 'x' }),
    ).toEqual({
      recipients: "'nobody' is not an e-mail address.",
      subject: 'Use at most 200 characters.',
    });
    expect(
      emailTestProblems({
        recipients: Array.from({ length: 21 }, (_, i) => `u${i}@x.example`).join(','),
        subject: 's',
        body: 'b',
      }).recipients,
    ).toBe('Enter at most 20 recipients.');
  });

  it('checks the integration forms; a stored secret may be left blank', () => {
    expect(
      integrationProblems('csp', { partnerTenantId: guid, applicationId: guid, applicationSecret: 's' }, false),
    ).toEqual({});
    expect(
      integrationProblems('csp', { partnerTenantId: 'x', applicationId: guid, applicationSecret: '' }, false),
    ).toEqual({
      partnerTenantId: 'Enter an id such as 00000000-0000-0000-0000-000000000000.',
      applicationSecret: 'Enter the secret; it is stored and never shown again.',
    });
    expect(
      integrationProblems('office365', { directoryId: guid, applicationId: guid, applicationSecret: '' }, true),
    ).toEqual({});
    expect(integrationProblems('surveil', { url: 'http://surveil.example', apiKey: '' }, false)).toEqual({
      url: 'Enter an https:// address.',
      apiKey: 'Enter the secret; it is stored and never shown again.',
    });
  });
});
