"use client";

import { useState, type DragEvent } from "react";
import { carriesFiles, readDrop, type DroppedFile } from "./dropped-files";

/**
 * Files dropped anywhere on the page: whether some are being dragged over it (the page says where
 * they will go), and what is read from a drop (folders opened; what was skipped in them counted).
 */
export function useFileDrop(onFiles: (files: DroppedFile[], skippedInFolders: number) => void, onNothingToRead: (skippedInFolders: number) => void) {
  const [dragging, setDragging] = useState(false);
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    setDragging(false);
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    void readDrop(event.dataTransfer).then((reading) => {
      if (reading.files.length === 0) onNothingToRead(reading.skippedInFolders);
      else onFiles(reading.files, reading.skippedInFolders);
    });
  };

  const onDragLeave = (event: DragEvent) => {
    if (event.currentTarget === event.target) setDragging(false);
  };
  return { dragging, onDragOver, onDrop, onDragLeave };
}
