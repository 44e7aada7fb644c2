import { FEATURE_FLAGS, type FeatureFlags, type FeatureGroup, type MessageKey } from '@cloudportal/core';
import { useCallback, useState } from 'react';
import { useT } from '../../provider/PortalProvider';
import { useLoad } from '../../ui/useLoad';
import { LoadedView, Section, useRun, useSettingsApi } from './common';

const GROUPS = Object.keys(FEATURE_FLAGS) as FeatureGroup[];

// spec §7 `features/*`
/** The tenant's feature flags by group, each switched with `POST /api/features/activate`. */
export function FeaturesSection() {
  const t = useT();
  const api = useSettingsApi();
  const { busy, run } = useRun();
  const [loaded, reload] = useLoad(
    useCallback(async () => {
      const [state, status, extra, pbi] = await Promise.all([
        api.featureState(),
        api.featureStatus(),
        api.featureExtra(),
        api.featurePbi(),
      ]);
      return { state, status, extra, pbi } satisfies Record<FeatureGroup, FeatureFlags>;
    }, [api]),
  );
  const [changed, setChanged] = useState<Record<string, boolean>>({});
  const title = t('settings.features');
  const toggle = async (name: string, enabled: boolean) => {
    const label = t(`settings.feature.${name}` as MessageKey);
    const answer = await run(
      label,
      () => api.activateFeature({ name, enabled }),
      () =>
        t('settings.features.changed', {
          name: label,
          state: t(enabled ? 'settings.features.on' : 'settings.features.off'),
        }),
    );
    if (answer) setChanged((c) => ({ ...c, ...answer }));
  };
  return (
    <Section id="features" title={title} intro={t('settings.features.intro')}>
      <LoadedView loaded={loaded} section={title} onRetry={reload}>
        {(flags) => (
          <div className="cp-settings__features">
            {GROUPS.map((group) => (
              <fieldset key={group}>
                <legend>{t(`settings.features.${group}`)}</legend>
                {FEATURE_FLAGS[group].map((name) => {
                  const on = changed[name] ?? flags[group][name] ?? false;
                  return (
                    <label key={name} className="cp-settings__switch">
                      <input
                        type="checkbox"
                        role="switch"
                        checked={on}
                        disabled={busy !== null}
                        onChange={(e) => void toggle(name, e.target.checked)}
                      />
                      {t(`settings.feature.${name}` as MessageKey)}
                    </label>
                  );
                })}
              </fieldset>
            ))}
          </div>
        )}
      </LoadedView>
    </Section>
  );
}
