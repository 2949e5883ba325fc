"use client";

import { useMemo, useState } from "react";
import { type Acknowledgement, type ClientProfile, describeAcknowledgement, describeClassAcknowledgement, type TaskClass } from "@/lib/negotiation";
import type { AcknowledgementsByClass } from "./use-acknowledgements";
import { CONFIG_EXPORT_NAME, exportConfigFile, type ImportedConfig, MAX_CONFIG_FILE_BYTES, readConfigFile } from "@/lib/config/workspace";
import { downloadText } from "@/components/ui/download";
import { JsonFilePicker } from "@/components/ui/json-file-picker";

/**
 * The CLI's config file, from and into the workspace: "Export" writes the profile and the task
 * classes on screen (and the acknowledgements imported here) as a parley.config.json that
 * `parley check` runs as is; "Import" takes one back: its profile and task classes replace the
 * workspace's, and its acknowledged findings are listed against the review on screen, each class
 * with its decision (an acknowledgement never changes or hides one) and what expired. After an
 * import, the export is that file with only what the workspace edits replaced (its other
 * profiles, lint acknowledgements and settings kept), and its status line says what it kept.
 */
export function ConfigFileControl({
  profile,
  classes,
  acknowledgements,
  acknowledged,
  onAcknowledgements,
  onImport,
  imported,
  onImported,
}: {
  profile: ClientProfile;
  classes: readonly TaskClass[];
  /** The acknowledgements imported last (the workspace holds them: the matrix marks them too). */
  acknowledgements: readonly Acknowledgement[];
  /** What they say of the review on screen, per class. */
  acknowledged: AcknowledgementsByClass;
  onAcknowledgements: (next: Acknowledgement[]) => void;
  onImport: (next: { profile?: ClientProfile; classes?: TaskClass[] }) => void;
  /** The file imported last, as it was (the workspace holds it, and its draft keeps it): the export writes it back with only the workspace's edits in it. */
  imported: ImportedConfig | undefined;
  onImported: (next: ImportedConfig | undefined) => void;
}) {
  const setAcknowledgements = onAcknowledgements;
  const [status, setStatus] = useState("");
  // A file naming several profiles: which one the workspace reviews for, picked from the file's.
  const [choices, setChoices] = useState<{ file: string; options: Array<{ label: string; profile: ClientProfile; index: number }>; picked: number } | undefined>(undefined);
  const lines = useMemo(() => {
    return [...acknowledged.values()].flatMap((entry) => {
      const said = describeClassAcknowledgement(entry);
      return said === undefined ? [] : [{ taskClass: entry.taskClass, acknowledged: entry.acknowledged, said, details: entry.applied.map((a) => describeAcknowledgement(a.acknowledgement)) }];
    });
  }, [acknowledged]);

  const importFile = async (file: File) => {
    if (file.size > MAX_CONFIG_FILE_BYTES) {
      setStatus(`${file.name} is ${Math.round(file.size / 1024)} KB; a config file is at most 1 MB. Nothing was imported.`);
      return;
    }
    const read = readConfigFile(await file.text(), file.name);
    const taken: string[] = [];
    if (read.profile) taken.push(`the profile "${read.profile.name}"`);
    if (read.classes) taken.push(`${read.classes.length} task class${read.classes.length === 1 ? "" : "es"}`);
    if (read.acknowledgements.length) taken.push(`${read.acknowledgements.length} acknowledgement${read.acknowledgements.length === 1 ? "" : "s"}`);
    if (read.profile || read.classes) onImport({ ...(read.profile ? { profile: read.profile } : {}), ...(read.classes ? { classes: read.classes } : {}) });
    setChoices(read.choices ? { file: file.name, options: read.choices, picked: 0 } : undefined);
    onImported(read.imported);
    setAcknowledgements(read.acknowledgements);
    setStatus([taken.length ? `Imported from ${file.name}: ${taken.join(", ")}.` : `${file.name} held nothing to import.`, ...read.notes].join(" "));
  };

  return (
    <section aria-labelledby="config-file-heading" className="flex flex-col gap-2 rounded border border-slate-200 p-3" data-testid="config-file">
      <h2 id="config-file-heading" className="text-sm font-semibold">
        Config file
      </h2>
      <p className="text-xs text-slate-700">
        The profile and task classes above as a <code>parley.config.json</code>: <code>parley check</code> in CI reads it from the project folder. Importing one sets them here and lists its acknowledged findings; exporting after that writes the imported file back with only your edits in it.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600"
          onClick={() => {
            const written = exportConfigFile(profile, classes, acknowledgements, imported);
            downloadText(CONFIG_EXPORT_NAME, written.text, "application/json");
            const kept = written.kept.length ? ` It kept what ${imported!.name} holds that this page does not show: ${written.kept.join("; ")}.` : "";
            setStatus(`Exported ${CONFIG_EXPORT_NAME}: the profile "${profile.name}" and ${classes.length} task class${classes.length === 1 ? "" : "es"}${acknowledgements.length ? ` and ${acknowledgements.length} acknowledgement${acknowledgements.length === 1 ? "" : "s"}` : ""}.${kept}`);
          }}
        >
          Export as parley.config.json
        </button>
        <JsonFilePicker label="Import a config file…" className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100" onFile={(file) => void importFile(file)} />
      </div>
      {choices && (
        <label className="flex flex-wrap items-center gap-2 text-xs">
          Profile from {choices.file}
          <select
            className="rounded border border-slate-300 px-1 py-0.5 text-xs focus-visible:outline-2 focus-visible:outline-sky-600"
            value={choices.picked}
            data-testid="config-profile-choice"
            onChange={(event) => {
              const picked = Number(event.target.value);
              const choice = choices.options[picked];
              if (!choice) return;
              setChoices({ ...choices, picked });
              // The profile picked is now the file's entry the export replaces.
              if (imported) onImported({ ...imported, profileAt: choice.index, opened: choice.profile });
              onImport({ profile: choice.profile });
              setStatus(`Reviewing for the profile "${choice.profile.name}" (${choice.label}) from ${choices.file}.`);
            }}
          >
            {choices.options.map((option, i) => (
              <option key={`${i}-${option.label}`} value={i}>
                {option.profile.name} ({option.label})
              </option>
            ))}
          </select>
        </label>
      )}
      <p role="status" className="text-xs" data-testid="config-file-status">
        {status}
      </p>
      {lines.length > 0 && (
        <div>
          <h3 className="text-xs font-semibold">Acknowledged findings (shown, never hidden)</h3>
          <ul className="flex flex-col gap-1 text-xs" data-testid="config-acknowledgements">
            {lines.map((line) => (
              <li key={line.taskClass} data-task-class={line.taskClass} data-acknowledged={line.acknowledged ? "true" : "false"}>
                {line.said}
                {line.details.map((detail) => (
                  <span key={detail} className="block pl-3 text-slate-700">
                    {detail}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
