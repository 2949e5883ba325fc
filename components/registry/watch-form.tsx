"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { BUILT_IN_TASK_CLASSES, findPreset, PRESET_IDS } from "@/lib/negotiation";
import { registryKeys, type RegistryCallError, watchAgent } from "../queries/registry";
import { BUTTON, ERROR, FIELD, HINT, LABEL } from "../ui/form-styles";

/** Watch an agent: its URL, the profiles and task classes to hold it to, how often to re-check it. */
export function WatchForm({ onWatched }: { onWatched: (id: string) => void }) {
  const id = useId();
  const client = useQueryClient();
  const [url, setUrl] = useState("");
  const [profiles, setProfiles] = useState<string[]>(["northwind"]);
  const [classes, setClasses] = useState<string[]>(BUILT_IN_TASK_CLASSES.map((t) => t.id));
  const [interval, setIntervalText] = useState("60");
  const [liveCheck, setLiveCheck] = useState(false);
  const watch = useMutation<{ id: string }, RegistryCallError, void>({
    mutationFn: () => watchAgent({ url: url.trim(), profiles, taskClasses: classes, intervalMinutes: Number(interval), liveCheck }),
    onSuccess: async (answer) => {
      setUrl("");
      await client.invalidateQueries({ queryKey: registryKeys.agents() });
      onWatched(answer.id);
    },
  });
  const toggle = (list: string[], value: string, on: boolean) => (on ? [...new Set([...list, value])] : list.filter((v) => v !== value));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    watch.mutate();
  };
  const pointer = watch.error?.pointer ?? "";
  return (
    <form onSubmit={submit} className="space-y-3" aria-describedby={watch.error ? `${id}-error` : undefined}>
      <div>
        <label htmlFor={`${id}-url`} className={LABEL}>
          Agent URL
        </label>
        <input
          id={`${id}-url`}
          type="url"
          required
          inputMode="url"
          autoComplete="off"
          placeholder="https://agent.example.com"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={pointer === "/url" || undefined}
          className={FIELD}
        />
        <p className={HINT}>Its card is found the way clients find it (/.well-known/agent-card.json).</p>
      </div>
      <fieldset>
        <legend className={LABEL}>Profiles to hold it to</legend>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {PRESET_IDS.map((preset) => (
            <li key={preset}>
              <label className="inline-flex items-center gap-1.5 text-sm">
                <input type="checkbox" checked={profiles.includes(preset)} onChange={(e) => setProfiles(toggle(profiles, preset, e.target.checked))} />
                {findPreset(preset)?.name ?? preset}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend className={LABEL}>Task classes</legend>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {BUILT_IN_TASK_CLASSES.map((t) => (
            <li key={t.id}>
              <label className="inline-flex items-center gap-1.5 text-sm">
                <input type="checkbox" checked={classes.includes(t.id)} onChange={(e) => setClasses(toggle(classes, t.id, e.target.checked))} />
                {t.title}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${id}-interval`} className={LABEL}>
            Re-check every (minutes)
          </label>
          <input
            id={`${id}-interval`}
            type="number"
            min={1}
            max={10080}
            step={1}
            required
            value={interval}
            onChange={(e) => setIntervalText(e.target.value)}
            aria-invalid={pointer === "/intervalMinutes" || undefined}
            className={`${FIELD} w-28`}
          />
        </div>
        <label className="inline-flex items-center gap-1.5 pb-1 text-sm">
          <input type="checkbox" checked={liveCheck} onChange={(e) => setLiveCheck(e.target.checked)} />
          Also run the live check that creates nothing
        </label>
      </div>
      {watch.error ? (
        <p id={`${id}-error`} role="alert" className={ERROR}>
          {watch.error.message}
        </p>
      ) : null}
      <button type="submit" className={BUTTON} disabled={watch.isPending || profiles.length === 0 || classes.length === 0}>
        {watch.isPending ? "Adding…" : "Watch this agent"}
      </button>
      {profiles.length === 0 || classes.length === 0 ? <p className={HINT}>Pick at least one profile and one task class.</p> : null}
    </form>
  );
}
