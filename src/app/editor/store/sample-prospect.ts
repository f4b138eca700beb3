import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export { COMMON_PLACEHOLDERS } from '../../../domain/template';

const DEFAULT_SAMPLE: Record<string, string> = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines Ltd',
  jobTitle: 'Head of Research',
};

/** The sample prospect's customFields for template previews; kept in local storage across campaigns. */
export const useSampleProspect = create<{
  fields: Record<string, string>;
  setField(key: string, value: string | null): void;
  reset(): void;
}>()(
  persist(
    (set, get) => ({
      fields: DEFAULT_SAMPLE,
      setField: (key, value) => {
        const fields = { ...get().fields };
        if (value === null) delete fields[key];
        else fields[key] = value;
        set({ fields });
      },
      reset: () => set({ fields: DEFAULT_SAMPLE }),
    }),
    { name: 'campaign-studio.sample-prospect' },
  ),
);
