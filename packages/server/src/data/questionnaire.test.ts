import { createFeatureDataApi, createLicenseQuestionnaireApi, type LicenseAnswers } from '@cloudportal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT } from '../seed/tenants';
import { expectStatus, signInAs, startTestServer, type TestServer } from '../test-support';

/** The licence questionnaire's calls (server README "Feature data"): read, save, evaluate, refuse. */
describe('the licence questionnaire (GET/PUT /api/data/license-questionnaire, POST …/evaluate)', () => {
  let server: TestServer;
  const answers: LicenseAnswers = {
    officeWorkers: 250,
    webWorkers: 100,
    frontlineWorkers: 40,
    phoneUsers: 80,
    copilotUsers: 20,
    advancedSecurity: false,
  };

  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server.close());

  it("suggests answers from the tenant's users until someone saves answers, and prices today's licences as the licences page does", async () => {
    const ada = await signInAs(server, 'ada@contoso.example');
    const q = await createLicenseQuestionnaireApi(ada.http).load();
    expect(q).toMatchObject({ saved: false, updatedBy: null, updatedAt: null });
    const { rows } = await server.db.query<{ office: number }>(
      `select count(distinct u.id)::int as office from m365_users u join m365_user_licenses l on l.tenant_id = u.tenant_id and l.user_id = u.id
        where u.tenant_id = $1 and u.enabled and l.sku in ('Microsoft 365 E3', 'Microsoft 365 E5')`,
      [TENANT.contoso],
    );
    expect(q.answers.officeWorkers).toBe(rows[0]!.office);
    expect(q.answers.advancedSecurity).toBe(true);
    // The catalogue's licences Contoso buys: E3, E5, E1 and Teams Phone (not Power BI or Visio).
    const licenses = await createFeatureDataApi(ada.http).page('licenses', { limit: 100 });
    const weighed = licenses.rows.filter((r) =>
      ['Microsoft 365 E3', 'Microsoft 365 E5', 'Office 365 E1', 'Teams Phone Standard'].includes(String(r.sku)),
    );
    expect(q.evaluation.currentCost).toBeCloseTo(
      weighed.reduce((sum, r) => sum + Number(r.monthlyCost), 0),
      2,
    );
  });

  it('saves answers for the tenant, says who saved them, and answers them evaluated', async () => {
    const ada = createLicenseQuestionnaireApi((await signInAs(server, 'ada@contoso.example')).http);
    const saved = await ada.save(answers);
    expect(saved).toMatchObject({ saved: true, answers, updatedBy: 'Ada Lovelace' });
    expect(Date.parse(saved.updatedAt ?? '')).not.toBeNaN();
    expect(saved.evaluation).toMatchObject({
      people: 390,
      businessPlans: false,
      currentCost: 13120,
      recommendedCost: 11560,
      difference: -1560,
    });
    expect(await ada.load()).toEqual(saved);
    // Another tenant keeps its own answers.
    const max = createLicenseQuestionnaireApi((await signInAs(server, 'max@fabrikam.example')).http);
    expect((await max.load()).saved).toBe(false);
  });

  it('evaluates answers without saving them', async () => {
    const ada = createLicenseQuestionnaireApi((await signInAs(server, 'ada@contoso.example')).http);
    const before = await ada.load();
    const evaluation = await ada.evaluate({ ...answers, advancedSecurity: true });
    expect(evaluation.lines.find((l) => l.sku === 'Microsoft 365 E5')?.recommendedQuantity).toBe(250);
    expect(await ada.load()).toEqual(before);
  });

  it("refuses wrong answers with the form's messages and keeps the saved ones", async () => {
    const ada = createLicenseQuestionnaireApi((await signInAs(server, 'ada@contoso.example')).http);
    const before = await ada.load();
    const error = await expectStatus(
      ada.save({ ...answers, copilotUsers: 400 }),
      400,
      'Copilot is for office and web workers: count no more than them.',
    );
    expect((error.body as { problems: unknown }).problems).toEqual({
      copilotUsers: 'Copilot is for office and web workers: count no more than them.',
    });
    await expectStatus(ada.save({ ...answers, webWorkers: -1 }), 400, 'Enter a whole number from 0 to 100,000.');
    await expectStatus(
      ada.evaluate({ ...answers, advancedSecurity: 'yes' as unknown as boolean }),
      400,
      'Answer yes or no.',
    );
    expect(await ada.load()).toEqual(before);
  });

  it("needs the tenant's Microsoft 365 licence", async () => {
    const eve = createLicenseQuestionnaireApi((await signInAs(server, 'eve@northwind.example')).http);
    await expectStatus(eve.load(), 403, /needs an active .* licence/);
    await expectStatus(eve.save(answers), 403);
    await expectStatus(eve.evaluate(answers), 403);
  });
});
