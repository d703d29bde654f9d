<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>Accessibility</name>
    <message>
        <source>No image</source>
        <translation>Kein Bild</translation>
    </message>
    <message>
        <source>%1 × %2 pixels, shown at %3 %</source>
        <translation>%1 × %2 Pixel, angezeigt mit %3 %</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>Histogram of values</source>
        <translation>Histogramm der Werte</translation>
    </message>
    <message>
        <source>Drag across it to set the display window.</source>
        <translation>Darüber ziehen, um das Anzeigefenster festzulegen.</translation>
    </message>
    <message>
        <source>No values</source>
        <translation>Keine Werte</translation>
    </message>
    <message>
        <source>%1 values from %2 to %3 in %4 bins; the fullest, %5 to %6, holds %7</source>
        <translation>%1 Werte von %2 bis %3 in %4 Intervallen; das am stärksten besetzte, %5 bis %6, enthält %7</translation>
    </message>
    <message>
        <source>Class distribution</source>
        <translation>Klassenverteilung</translation>
    </message>
    <message>
        <source>Click a class to show only it in the gallery.</source>
        <translation>Auf eine Klasse klicken, um nur diese in der Galerie anzuzeigen.</translation>
    </message>
    <message>
        <source>No classes</source>
        <translation>Keine Klassen</translation>
    </message>
    <message>
        <source>%1: %2 records</source>
        <translation>%1: %2 Einträge</translation>
    </message>
    <message>
        <source>Dataset map</source>
        <translation>Datensatzkarte</translation>
    </message>
    <message>
        <source>Every record a point, similar records close together. Drag to select points.</source>
        <translation>Jeder Eintrag ein Punkt, ähnliche Einträge nah beieinander. Ziehen, um Punkte auszuwählen.</translation>
    </message>
    <message>
        <source>No map yet</source>
        <translation>Noch keine Karte</translation>
    </message>
    <message>
        <source>%1 points, %2 selected; colours: %3</source>
        <translation>%1 Punkte, %2 ausgewählt; Farben: %3</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>%1 records</source>
        <translation>%1 Einträge</translation>
    </message>
</context>
<context>
    <name>DiscardGuard</name>
    <message>
        <source>“%1” has unsaved changes. %2 discards them.</source>
        <translation>„%1“ hat ungespeicherte Änderungen. „%2“ verwirft sie.</translation>
    </message>
</context>
<context>
    <name>Editing</name>
    <message>
        <source>The file is not loaded completely yet (or changed on disk), so it cannot be edited now.</source>
        <translation>Die Datei ist noch nicht vollständig geladen (oder wurde auf dem Datenträger geändert) und kann daher jetzt nicht bearbeitet werden.</translation>
    </message>
    <message>
        <source>Set Value of Record %1</source>
        <translation>Wert von Eintrag %1 setzen</translation>
    </message>
    <message>
        <source>This file has no labels to edit.</source>
        <translation>Diese Datei hat keine Labels zum Bearbeiten.</translation>
    </message>
    <message>
        <source>No record is selected.</source>
        <translation>Kein Eintrag ausgewählt.</translation>
    </message>
    <message numerus="yes">
        <source>Set Label of %n Records</source>
        <translation>
            <numerusform>Label von %n Eintrag setzen</numerusform>
            <numerusform>Labels von %n Einträgen setzen</numerusform>
        </translation>
    </message>
    <message>
        <source>Paint Record %1</source>
        <translation>In Eintrag %1 malen</translation>
    </message>
    <message>
        <source>Replace Record %1</source>
        <translation>Eintrag %1 ersetzen</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n Records</source>
        <translation>
            <numerusform>%n Eintrag löschen</numerusform>
            <numerusform>%n Einträge löschen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Duplicate %n Records</source>
        <translation>
            <numerusform>%n Eintrag duplizieren</numerusform>
            <numerusform>%n Einträge duplizieren</numerusform>
        </translation>
    </message>
    <message>
        <source>Insert Record %1</source>
        <translation>Eintrag %1 einfügen</translation>
    </message>
    <message numerus="yes">
        <source>Move %n Records</source>
        <translation>
            <numerusform>%n Eintrag verschieben</numerusform>
            <numerusform>%n Einträge verschieben</numerusform>
        </translation>
    </message>
    <message>
        <source>This document has no labels to apply a change log to.</source>
        <translation>Dieses Dokument hat keine Labels, auf die ein Änderungsprotokoll angewendet werden könnte.</translation>
    </message>
    <message>
        <source>No change in the log applies to these labels.</source>
        <translation>Keine Änderung aus dem Protokoll lässt sich auf diese Labels anwenden.</translation>
    </message>
    <message numerus="yes">
        <source>Apply Change Log (%n Labels)</source>
        <translation>
            <numerusform>Änderungsprotokoll anwenden (%n Label)</numerusform>
            <numerusform>Änderungsprotokoll anwenden (%n Labels)</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose an Image</source>
        <translation>Bild auswählen</translation>
    </message>
    <message>
        <source>%1 could not be read as an image.</source>
        <translation>%1 konnte nicht als Bild gelesen werden.</translation>
    </message>
    <message>
        <source>the journal of %1 holds no complete edit</source>
        <translation>das Journal von %1 enthält keine vollständige Änderung</translation>
    </message>
    <message>
        <source>%1, whose labels were edited, no longer exists</source>
        <translation>die Datei %1, deren Labels bearbeitet wurden, existiert nicht mehr</translation>
    </message>
</context>
<context>
    <name>ExportController</name>
    <message>
        <source>Cancelled; nothing was written.</source>
        <translation>Abgebrochen; es wurde nichts geschrieben.</translation>
    </message>
</context>
<context>
    <name>ExportTasks</name>
    <message>
        <source>Cancelled; nothing was written.</source>
        <translation>Abgebrochen; es wurde nichts geschrieben.</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled; %n file(s) written before the cancel could not be removed: %1</source>
        <translation>
            <numerusform>Abgebrochen; %n vor dem Abbruch geschriebene Datei konnte nicht entfernt werden: %1</numerusform>
            <numerusform>Abgebrochen; %n vor dem Abbruch geschriebene Dateien konnten nicht entfernt werden: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no image to export.</source>
        <translation>Es gibt kein Bild zum Exportieren.</translation>
    </message>
    <message>
        <source>The image would be too large at %1×.</source>
        <translation>Das Bild wäre bei %1× zu groß.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Saved %1 (%2×%3)</source>
        <translation>%1 gespeichert (%2×%3)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>These files could not be removed: %1</source>
        <translation>Diese Dateien konnten nicht entfernt werden: %1</translation>
    </message>
    <message>
        <source>Saved the contact sheet %1 (%2×%3)</source>
        <translation>Kontaktabzug %1 gespeichert (%2×%3)</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) exist already.</source>
        <translation>
            <numerusform>%n Datei existiert bereits.</numerusform>
            <numerusform>%n Dateien existieren bereits.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>Der Ordner %1 kann nicht erstellt werden</translation>
    </message>
    <message numerus="yes">
        <source>Saved a %1×%1 sprite sheet of %n record(s) to %2</source>
        <translation>
            <numerusform>%1×%1-Sprite-Sheet mit %n Eintrag im Ordner %2 gespeichert</numerusform>
            <numerusform>%1×%1-Sprite-Sheet mit %n Einträgen im Ordner %2 gespeichert</numerusform>
        </translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>There is nothing to export.</source>
        <translation>Es gibt nichts zu exportieren.</translation>
    </message>
    <message>
        <source>No records to export.</source>
        <translation>Keine Einträge zum Exportieren.</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n record(s) to %1 and their labels to %2</source>
        <translation>
            <numerusform>%n Eintrag in %1 und sein Label in %2 gespeichert</numerusform>
            <numerusform>%n Einträge in %1 und ihre Labels in %2 gespeichert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n record(s) to %1</source>
        <translation>
            <numerusform>%n Eintrag in %1 gespeichert</numerusform>
            <numerusform>%n Einträge in %1 gespeichert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n image(s) of %1×%2 into %3</source>
        <translation>
            <numerusform>%n Bild (%1×%2) in %3 importiert</numerusform>
            <numerusform>%n Bilder (%1×%2) in %3 importiert</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot import %1: %2</source>
        <translation>%1 kann nicht importiert werden: %2</translation>
    </message>
    <message>
        <source>Imported %1 into %2</source>
        <translation>%1 in %2 importiert</translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln PNG file(s) to %1</source>
        <translation>
            <numerusform>%Ln PNG-Datei in den Ordner %1 exportiert</numerusform>
            <numerusform>%Ln PNG-Dateien in den Ordner %1 exportiert</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FileFilters</name>
    <message>
        <source>All files</source>
        <translation>Alle Dateien</translation>
    </message>
    <message>
        <source>Files idxscope opens</source>
        <translation>Dateien, die idxscope öffnet</translation>
    </message>
    <message>
        <source>NumPy arrays and archives</source>
        <translation>NumPy-Arrays und -Archive</translation>
    </message>
</context>
<context>
    <name>Reshape</name>
    <message>
        <source>28 × 28</source>
        <translation>28 × 28</translation>
    </message>
    <message>
        <source>32 × 32 × 3 (interleaved RGB)</source>
        <translation>32 × 32 × 3 (RGB verschachtelt)</translation>
    </message>
    <message>
        <source>3 × 32 × 32 (planar, CIFAR)</source>
        <translation>3 × 32 × 32 (Kanäle getrennt, CIFAR)</translation>
    </message>
</context>
<context>
    <name>SliceRendering</name>
    <message>
        <source>These colour channels cannot be shown (not loaded yet or out of range).</source>
        <translation>Diese Farbkanäle können nicht angezeigt werden (noch nicht geladen oder außerhalb des Bereichs).</translation>
    </message>
    <message>
        <source>Record %L1 is not available yet.</source>
        <translation>Eintrag %L1 ist noch nicht verfügbar.</translation>
    </message>
    <message>
        <source>This record is empty.</source>
        <translation>Dieser Eintrag ist leer.</translation>
    </message>
</context>
<context>
    <name>idx</name>
    <message>
        <source>the number of columns must be at least 1, not %1</source>
        <translation>die Anzahl der Spalten muss mindestens 1 sein, nicht %1</translation>
    </message>
    <message>
        <source>the gap must be between 0 and 1000 pixels, not %1</source>
        <translation>der Abstand muss zwischen 0 und 1000 Pixeln liegen, nicht %1</translation>
    </message>
    <message>
        <source>there are no records to put on the sheet</source>
        <translation>es gibt keine Einträge für den Kontaktabzug</translation>
    </message>
    <message>
        <source>captions need a graphical application</source>
        <translation>Beschriftungen erfordern eine grafische Anwendung</translation>
    </message>
    <message>
        <source>the records are too large to be images</source>
        <translation>die Einträge sind zu groß für Bilder</translation>
    </message>
    <message>
        <source>the sheet would be %1 × %2 pixels, more than %3 a side; use more columns or fewer records</source>
        <translation>der Kontaktabzug wäre %1 × %2 Pixel groß, mehr als %3 Pixel Kantenlänge; verwenden Sie mehr Spalten oder weniger Einträge</translation>
    </message>
    <message>
        <source>record %1 is not available (the file has %2 complete records)</source>
        <translation>Eintrag %1 ist nicht verfügbar (die Datei enthält %2 vollständige Einträge)</translation>
    </message>
    <message>
        <source>not enough memory for a %1 × %2 sheet</source>
        <translation>nicht genug Arbeitsspeicher für einen Kontaktabzug von %1 × %2 Pixeln</translation>
    </message>
    <message>
        <source>the contact sheet was cancelled</source>
        <translation>der Kontaktabzug wurde abgebrochen</translation>
    </message>
    <message>
        <source>record %1 could not be rendered</source>
        <translation>Eintrag %1 konnte nicht gerendert werden</translation>
    </message>
    <message>
        <source>no records to put in the sprite</source>
        <translation>keine Einträge für das Sprite-Sheet</translation>
    </message>
    <message>
        <source>record %1 is out of range (the tensor has %2 records)</source>
        <translation>Eintrag %1 liegt außerhalb des Bereichs (der Tensor hat %2 Einträge)</translation>
    </message>
    <message>
        <source>the records cannot be rendered as images with these options</source>
        <translation>die Einträge lassen sich mit diesen Optionen nicht als Bilder rendern</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>record %1 renders at another size</source>
        <translation>Eintrag %1 wird in einer anderen Größe gerendert</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1 records of %2×%3 need a %4×%5 sprite; the Projector accepts at most %6×%6 (choose fewer records or a smaller scale)</source>
        <translation>%1 Einträge mit %2×%3 ergeben ein Sprite-Sheet von %4×%5; der Projector akzeptiert höchstens %6×%6 (wählen Sie weniger Einträge oder eine kleinere Skalierung)</translation>
    </message>
    <message>
        <source>the drawing could not be made</source>
        <translation>die Zeichnung konnte nicht erstellt werden</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>expected 2 fields (filename,label), found %1</source>
        <translation>2 Felder erwartet (filename,label), %1 gefunden</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a whole-number label</source>
        <translation>„%1“ ist kein ganzzahliges Label</translation>
    </message>
    <message>
        <source>the folder %1 does not exist</source>
        <translation>der Ordner %1 existiert nicht</translation>
    </message>
    <message>
        <source>%1 holds no PNG files</source>
        <translation>%1 enthält keine PNG-Dateien</translation>
    </message>
    <message>
        <source>no path was given for the labels file</source>
        <translation>für die Labeldatei wurde kein Pfad angegeben</translation>
    </message>
    <message>
        <source>%1 has no label in its name (expected NAME_LABEL.png, e.g. 00042_7.png)</source>
        <translation>%1 hat kein Label im Namen (erwartet: NAME_LABEL.png, z. B. 00042_7.png)</translation>
    </message>
    <message>
        <source>%1 has no label in %2</source>
        <translation>für %1 steht kein Label in %2</translation>
    </message>
    <message>
        <source>%1 is %2 but %3 is %4; all images must have the same size</source>
        <translation>%1 hat die Größe %2, %3 aber %4; alle Bilder müssen gleich groß sein</translation>
    </message>
    <message>
        <source>%1 of %2 images were in colour and were converted to gray</source>
        <translation>%1 von %2 Bildern waren farbig und wurden in Graustufen umgewandelt</translation>
    </message>
    <message>
        <source>the images were written but the labels could not be: %1: %2</source>
        <translation>die Bilder wurden geschrieben, die Labels jedoch nicht: %1: %2</translation>
    </message>
    <message>
        <source>the image is empty</source>
        <translation>das Bild ist leer</translation>
    </message>
    <message>
        <source>records of shape %1 are not images</source>
        <translation>Einträge der Form %1 sind keine Bilder</translation>
    </message>
    <message>
        <source>records of shape %1 hold more than one image</source>
        <translation>Einträge der Form %1 enthalten mehr als ein Bild</translation>
    </message>
    <message>
        <source>the image is %1 but the records are %2×%3</source>
        <translation>das Bild hat die Größe %1, die Einträge aber %2×%3</translation>
    </message>
    <message>
        <source>the image was in colour and was converted to gray</source>
        <translation>das Bild war farbig und wurde in Graustufen umgewandelt</translation>
    </message>
    <message>
        <source>exists and is not a folder</source>
        <translation>existiert und ist kein Ordner</translation>
    </message>
    <message>
        <source>the folder could not be created</source>
        <translation>der Ordner konnte nicht angelegt werden</translation>
    </message>
    <message>
        <source>the file exists already; nothing was written (allow overwriting to replace it)</source>
        <translation>die Datei existiert bereits; es wurde nichts geschrieben (erlauben Sie das Überschreiben, um sie zu ersetzen)</translation>
    </message>
    <message>
        <source>the file exists already, and %1 more; nothing was written (allow overwriting to replace them)</source>
        <translation>die Datei existiert bereits, dazu %1 weitere; es wurde nichts geschrieben (erlauben Sie das Überschreiben, um sie zu ersetzen)</translation>
    </message>
    <message>
        <source>the export was cancelled</source>
        <translation>der Export wurde abgebrochen</translation>
    </message>
    <message>
        <source>the scale must be between 1 and 1024, not %1</source>
        <translation>die Skalierung muss zwischen 1 und 1024 liegen, nicht %1</translation>
    </message>
    <message>
        <source>image axes can only be chosen for tensors with at least 3 dimensions (this one has %1)</source>
        <translation>Bildachsen lassen sich nur bei Tensoren mit mindestens 3 Dimensionen wählen (dieser hat %1)</translation>
    </message>
    <message>
        <source>image axes must be two different axes from 1 to %1 (axis 0 holds the records), not %2,%3</source>
        <translation>Bildachsen müssen zwei verschiedene Achsen von 1 bis %1 sein (Achse 0 enthält die Einträge), nicht %2,%3</translation>
    </message>
    <message>
        <source>the thumbnail size must be at least 1, not %1</source>
        <translation>die Größe der Vorschaubilder muss mindestens 1 sein, nicht %1</translation>
    </message>
    <message>
        <source>the file has no complete record to show</source>
        <translation>die Datei enthält keinen vollständigen Eintrag, der angezeigt werden könnte</translation>
    </message>
    <message>
        <source>the image could not be scaled to %1 × %1</source>
        <translation>das Bild konnte nicht auf %1 × %1 skaliert werden</translation>
    </message>
    <message>
        <source>the audit compares records of several values (images); this file holds one value per record</source>
        <translation>die Prüfung vergleicht Einträge aus mehreren Werten (Bilder); diese Datei enthält einen Wert pro Eintrag</translation>
    </message>
    <message>
        <source>the file is not completely loaded</source>
        <translation>die Datei ist nicht vollständig geladen</translation>
    </message>
    <message>
        <source>the audit needs at least two records; this file has %1</source>
        <translation>die Prüfung braucht mindestens zwei Einträge; diese Datei hat %1</translation>
    </message>
    <message>
        <source>the file has %1 records; the audit searches at most %2</source>
        <translation>die Datei hat %1 Einträge; die Prüfung durchsucht höchstens %2</translation>
    </message>
    <message>
        <source>the labels are %1 but the records %2</source>
        <translation>es gibt %1 Labels, aber %2 Einträge</translation>
    </message>
    <message>
        <source>its records have %1 values, those of the file it is audited against %2</source>
        <translation>ihre Einträge haben %1 Werte, die der Datei, gegen die sie geprüft wird, %2</translation>
    </message>
    <message>
        <source>the file has %1 records; the audit takes 1 to %2</source>
        <translation>die Datei hat %1 Einträge; die Prüfung verarbeitet 1 bis %2</translation>
    </message>
    <message>
        <source>the principal components could not be computed</source>
        <translation>die Hauptkomponenten konnten nicht berechnet werden</translation>
    </message>
    <message>
        <source>single-byte type</source>
        <translation>Ein-Byte-Typ</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>keine Daten</translation>
    </message>
    <message>
        <source>all sampled values are zero</source>
        <translation>alle Werte der Stichprobe sind null</translation>
    </message>
    <message>
        <source>byte entropy %1 bits in the first byte, %2 bits in the last, over %3 values</source>
        <translation>Byte-Entropie %1 Bit im ersten Byte, %2 Bit im letzten, über %3 Werte</translation>
    </message>
    <message>
        <source>plausible values %1% read big-endian, %2% little-endian; non-finite %3 vs %4; exponent entropy %5 vs %6 bits, over %7 values</source>
        <translation>plausible Werte: %1 % als big-endian gelesen, %2 % als little-endian; nicht endlich: %3 gegenüber %4; Exponenten-Entropie %5 gegenüber %6 Bit, über %7 Werte</translation>
    </message>
    <message>
        <source>more than %1 lines could not be read; the rest of the file was not read</source>
        <translation>mehr als %1 Zeilen konnten nicht gelesen werden; der Rest der Datei wurde nicht gelesen</translation>
    </message>
    <message>
        <source>expected 3 fields (index,old,new), found %1</source>
        <translation>3 Felder erwartet (index,old,new), %1 gefunden</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a record index</source>
        <translation>„%1“ ist kein Eintragsindex</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a number</source>
        <translation>„%1“ ist keine Zahl</translation>
    </message>
    <message>
        <source>%1; the rest of the file was not read</source>
        <translation>%1; der Rest der Datei wurde nicht gelesen</translation>
    </message>
    <message>
        <source>line %1: index %2 is out of range (the labels have %3 records); not applied</source>
        <translation>Zeile %1: Index %2 liegt außerhalb des Bereichs (die Labels haben %3 Einträge); nicht angewendet</translation>
    </message>
    <message>
        <source>line %1: record %2 has label %3, not %4 as the log says; not applied</source>
        <translation>Zeile %1: Eintrag %2 hat das Label %3, nicht %4, wie im Protokoll steht; nicht angewendet</translation>
    </message>
    <message>
        <source>line %1: %2; not applied</source>
        <translation>Zeile %1: %2; nicht angewendet</translation>
    </message>
    <message>
        <source>line %1: record %2 had label %3, not %4 as the log says; applied anyway</source>
        <translation>Zeile %1: Eintrag %2 hatte das Label %3, nicht %4, wie im Protokoll steht; trotzdem angewendet</translation>
    </message>
    <message>
        <source>line %1: not a mapping line &apos;label code-point&apos; (decimal numbers, a printable character&apos;s code)</source>
        <translation>Zeile %1: keine Zuordnungszeile „label code-point“ (Dezimalzahlen, der Code eines druckbaren Zeichens)</translation>
    </message>
    <message>
        <source>the CSV holds no &apos;label,name&apos; rows</source>
        <translation>die CSV-Datei enthält keine Zeilen „label,name“</translation>
    </message>
    <message>
        <source>not a &apos;label,name&apos; row (the label is a whole number)</source>
        <translation>keine Zeile „label,name“ (das Label ist eine ganze Zahl)</translation>
    </message>
    <message>
        <source>the name is longer than %1 characters</source>
        <translation>der Name ist länger als %1 Zeichen</translation>
    </message>
    <message>
        <source>label %1 is named twice</source>
        <translation>für Label %1 gibt es zwei Namen</translation>
    </message>
    <message>
        <source>the file holds no names</source>
        <translation>die Datei enthält keine Namen</translation>
    </message>
    <message>
        <source>line %1: a tab inside a name (tab-separated files are not read: give a CSV &apos;label,name&apos; or one name per line)</source>
        <translation>Zeile %1: ein Tabulator in einem Namen (tabulatorgetrennte Dateien werden nicht gelesen: verwenden Sie eine CSV-Datei „label,name“ oder einen Namen pro Zeile)</translation>
    </message>
    <message>
        <source>line %1: the name is longer than %2 characters</source>
        <translation>Zeile %1: der Name ist länger als %2 Zeichen</translation>
    </message>
    <message>
        <source>cannot read the class names: %1</source>
        <translation>die Klassennamen können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the class names file is larger than %1 MB: it is not a list of names</source>
        <translation>die Klassennamendatei ist größer als %1 MB: sie ist keine Liste von Namen</translation>
    </message>
    <message numerus="yes">
        <source>a labels file must be 1-D or 2-D, but this one has %n dimension(s)</source>
        <translation>
            <numerusform>eine Labeldatei muss ein- oder zweidimensional sein, diese hat aber %n Dimension</numerusform>
            <numerusform>eine Labeldatei muss ein- oder zweidimensional sein, diese hat aber %n Dimensionen</numerusform>
        </translation>
    </message>
    <message>
        <source>the labels file has %1 records but the images file has %2</source>
        <translation>die Labeldatei hat %1 Einträge, die Bilddatei aber %2</translation>
    </message>
    <message>
        <source>the scalar is not available</source>
        <translation>der Skalar ist nicht verfügbar</translation>
    </message>
    <message>
        <source>cannot read the data: %1</source>
        <translation>die Daten können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>nicht genug Arbeitsspeicher</translation>
    </message>
    <message>
        <source>text after the closing quote of a field (a quote inside quotes is written twice)</source>
        <translation>Text nach dem schließenden Anführungszeichen eines Feldes (ein Anführungszeichen innerhalb von Anführungszeichen wird doppelt geschrieben)</translation>
    </message>
    <message>
        <source>a quote inside an unquoted field (a field with quotes must be quoted whole, its own quotes written twice)</source>
        <translation>ein Anführungszeichen in einem Feld ohne Anführungszeichen (ein Feld mit Anführungszeichen muss vollständig in Anführungszeichen stehen, seine eigenen Anführungszeichen doppelt geschrieben)</translation>
    </message>
    <message>
        <source>the data goes on past %1, the most read here</source>
        <translation>die Daten reichen über %1 hinaus, mehr wird hier nicht gelesen</translation>
    </message>
    <message>
        <source>the record that starts here is longer than %1, the most allowed here</source>
        <translation>die hier beginnende CSV-Zeile ist länger als %1, mehr ist hier nicht erlaubt</translation>
    </message>
    <message>
        <source>the quoted field that starts here has no closing quote</source>
        <translation>das hier beginnende Feld in Anführungszeichen hat kein schließendes Anführungszeichen</translation>
    </message>
    <message>
        <source>line %1, column %2: %3</source>
        <translation>Zeile %1, Spalte %2: %3</translation>
    </message>
    <message>
        <source>%1, line %2, column %3: %4</source>
        <translation>%1, Zeile %2, Spalte %3: %4</translation>
    </message>
    <message>
        <source>the first %1 images match the published file&apos;s</source>
        <translation>die ersten %1 Bilder stimmen mit denen der veröffentlichten Datei überein</translation>
    </message>
    <message>
        <source>every label matches the published file&apos;s</source>
        <translation>jedes Label stimmt mit der veröffentlichten Datei überein</translation>
    </message>
    <message>
        <source>NIST HSF series</source>
        <translation>NIST-HSF-Serie</translation>
    </message>
    <message>
        <source>NIST class code</source>
        <translation>NIST-Klassencode</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation>Duplikat</translation>
    </message>
    <message>
        <source>unused</source>
        <translation>unbenutzt</translation>
    </message>
    <message>
        <source>NIST (xnist)</source>
        <translation>NIST (xnist)</translation>
    </message>
    <message>
        <source>training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>402,953 rows, every column within the range QMNIST gives it</source>
        <translation>402.953 Zeilen, jede Spalte im Wertebereich, den QMNIST für sie angibt</translation>
    </message>
    <message>
        <source>every column holds values in the range QMNIST gives it; the classes begin as MNIST&apos;s %1 labels</source>
        <translation>jede Spalte enthält Werte im Bereich, den QMNIST für sie angibt; die Klassen beginnen wie die MNIST-Labels des Splits „%1“</translation>
    </message>
    <message>
        <source>images</source>
        <translation>Bilder</translation>
    </message>
    <message>
        <source>labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <source>label table</source>
        <translation>Labeltabelle</translation>
    </message>
    <message>
        <source>%1, %2 %3</source>
        <translation>%1, %3 (%2)</translation>
    </message>
    <message>
        <source>its labels file is %1</source>
        <translation>die zugehörige Labeldatei ist %1</translation>
    </message>
    <message>
        <source>the header of gzip member %1 is invalid or uses an unsupported method: the file is corrupt</source>
        <translation>der Header von gzip-Member %1 ist ungültig oder verwendet eine nicht unterstützte Methode: die Datei ist beschädigt</translation>
    </message>
    <message>
        <source>gzip member %1 holds invalid deflate data (near compressed byte %2): the file is corrupt</source>
        <translation>gzip-Member %1 enthält ungültige Deflate-Daten (nahe komprimiertem Byte %2): die Datei ist beschädigt</translation>
    </message>
    <message>
        <source>the gzip data is truncated: member %1 ends without its end marker and checksum after %2 compressed bytes</source>
        <translation>die gzip-Daten sind abgeschnitten: Member %1 endet nach %2 komprimierten Bytes ohne Endmarkierung und Prüfsumme</translation>
    </message>
    <message>
        <source>the gzip header is invalid</source>
        <translation>der gzip-Header ist ungültig</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s) after the last gzip member (at compressed byte %1) are not gzip data and were ignored</source>
        <translation>
            <numerusform>%n Byte nach dem letzten gzip-Member (ab komprimiertem Byte %1) gehört nicht zu den gzip-Daten und wurde ignoriert</numerusform>
            <numerusform>%n Bytes nach dem letzten gzip-Member (ab komprimiertem Byte %1) gehören nicht zu den gzip-Daten und wurden ignoriert</numerusform>
        </translation>
    </message>
    <message>
        <source>gzip member %1 declares %2 bytes (ISIZE) but decompresses to %3: the file is corrupt</source>
        <translation>gzip-Member %1 gibt %2 Bytes an (ISIZE), wird aber zu %3 Bytes entpackt: die Datei ist beschädigt</translation>
    </message>
    <message>
        <source>gzip member %1 fails its CRC-32 check (stored %2, computed %3): the data is corrupt</source>
        <translation>gzip-Member %1 besteht die CRC-32-Prüfung nicht (gespeichert %2, berechnet %3): die Daten sind beschädigt</translation>
    </message>
    <message>
        <source>could not initialise the xz decoder</source>
        <translation>der xz-Decoder konnte nicht initialisiert werden</translation>
    </message>
    <message>
        <source>the xz data is truncated: it ends without its end marker after %1 compressed bytes</source>
        <translation>die xz-Daten sind abgeschnitten: sie enden nach %1 komprimierten Bytes ohne Endmarkierung</translation>
    </message>
    <message>
        <source>the xz data is corrupt (invalid data or a failed integrity check near compressed byte %1)</source>
        <translation>die xz-Daten sind beschädigt (ungültige Daten oder fehlgeschlagene Integritätsprüfung nahe komprimiertem Byte %1)</translation>
    </message>
    <message>
        <source>the xz header is invalid</source>
        <translation>der xz-Header ist ungültig</translation>
    </message>
    <message>
        <source>the xz data uses unsupported options</source>
        <translation>die xz-Daten verwenden nicht unterstützte Optionen</translation>
    </message>
    <message>
        <source>out of memory while decoding xz data</source>
        <translation>nicht genug Arbeitsspeicher beim Dekodieren der xz-Daten</translation>
    </message>
    <message>
        <source>xz decoding failed (liblzma error %1)</source>
        <translation>xz-Dekodierung fehlgeschlagen (liblzma-Fehler %1)</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>die Datei kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>reading failed at byte %1: %2</source>
        <translation>Lesen bei Byte %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1 records in all; records are aligned for at most %2</source>
        <translation>insgesamt %1 Einträge; zugeordnet werden höchstens %2</translation>
    </message>
    <message>
        <source>a scalar has no records to rearrange</source>
        <translation>ein Skalar hat keine Einträge zum Umordnen</translation>
    </message>
    <message>
        <source>no records given</source>
        <translation>keine Einträge angegeben</translation>
    </message>
    <message>
        <source>records %1..%2 are out of range (the tensor has %3 records)</source>
        <translation>Einträge %1..%2 liegen außerhalb des Bereichs (der Tensor hat %3 Einträge)</translation>
    </message>
    <message>
        <source>element %1 is out of range (a record has %2 elements)</source>
        <translation>Element %1 liegt außerhalb des Bereichs (ein Eintrag hat %2 Elemente)</translation>
    </message>
    <message>
        <source>the record needs %1 bytes but %2 were given</source>
        <translation>der Eintrag braucht %1 Bytes, übergeben wurden aber %2</translation>
    </message>
    <message>
        <source>position %1 is out of range (the tensor has %2 records)</source>
        <translation>Position %1 liegt außerhalb des Bereichs (der Tensor hat %2 Einträge)</translation>
    </message>
    <message>
        <source>%1 bytes are not whole records of %2 bytes</source>
        <translation>%1 Bytes ergeben keine ganze Zahl von Einträgen zu je %2 Bytes</translation>
    </message>
    <message>
        <source>cannot move %1 records to position %2 (the tensor has %3 records)</source>
        <translation>%1 Einträge können nicht an Position %2 verschoben werden (der Tensor hat %3 Einträge)</translation>
    </message>
    <message>
        <source>the images have %1 records but the labels %2</source>
        <translation>die Bilder haben %1 Einträge, die Labels aber %2</translation>
    </message>
    <message>
        <source>the inserted images and labels hold different numbers of records</source>
        <translation>die eingefügten Bilder und Labels enthalten unterschiedlich viele Einträge</translation>
    </message>
    <message>
        <source>value %1 is out of range for float32 (±%2)</source>
        <translation>Wert %1 liegt außerhalb des Bereichs von float32 (±%2)</translation>
    </message>
    <message>
        <source>value nan is not a number; %1 holds whole numbers</source>
        <translation>der Wert nan ist keine Zahl; %1 enthält nur ganze Zahlen</translation>
    </message>
    <message>
        <source>value %1 is out of range for %2 (%3..%4)</source>
        <translation>Wert %1 liegt außerhalb des Bereichs von %2 (%3..%4)</translation>
    </message>
    <message>
        <source>value %1 is not a whole number; %2 holds whole numbers only</source>
        <translation>Wert %1 ist keine ganze Zahl; %2 enthält nur ganze Zahlen</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>die Datei existiert nicht</translation>
    </message>
    <message>
        <source>this is a folder, not a file</source>
        <translation>dies ist ein Ordner, keine Datei</translation>
    </message>
    <message>
        <source>this is not a regular file (a FIFO, socket or device)</source>
        <translation>dies ist keine reguläre Datei (sondern ein FIFO, Socket oder Gerät)</translation>
    </message>
    <message>
        <source>this is not a regular file</source>
        <translation>dies ist keine reguläre Datei</translation>
    </message>
    <message>
        <source>gzip compression failed: out of memory</source>
        <translation>gzip-Komprimierung fehlgeschlagen: nicht genug Arbeitsspeicher</translation>
    </message>
    <message>
        <source>gzip compression failed (ISA-L error %1)</source>
        <translation>gzip-Komprimierung fehlgeschlagen (ISA-L-Fehler %1)</translation>
    </message>
    <message>
        <source>scalar</source>
        <translation>Skalar</translation>
    </message>
    <message numerus="yes">
        <source>file is %n byte(s) long, shorter than the 4-byte IDX magic number</source>
        <translation>
            <numerusform>die Datei ist nur %n Byte lang und damit kürzer als die 4 Byte lange magische IDX-Zahl</numerusform>
            <numerusform>die Datei ist nur %n Bytes lang und damit kürzer als die 4 Byte lange magische IDX-Zahl</numerusform>
        </translation>
    </message>
    <message>
        <source>not an IDX file: the magic number must start with 00 00, found %1 %2</source>
        <translation>keine IDX-Datei: die magische Zahl muss mit 00 00 beginnen, gefunden wurde %1 %2</translation>
    </message>
    <message>
        <source>unknown type code 0x%1 at byte 2 (known: 08 uint8, 09 int8, 0B int16, 0C int32, 0D float32, 0E float64)</source>
        <translation>unbekannter Typcode 0x%1 an Byte 2 (bekannt: 08 uint8, 09 int8, 0B int16, 0C int32, 0D float32, 0E float64)</translation>
    </message>
    <message>
        <source>the dimensions %1 × %2-byte elements overflow 64 bits</source>
        <translation>die Dimensionen %1 × Elemente zu je %2 Byte überschreiten 64 Bit</translation>
    </message>
    <message>
        <source>cannot open the file: %1</source>
        <translation>die Datei kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>out of memory: cannot hold %1 decompressed bytes</source>
        <translation>nicht genug Arbeitsspeicher für %1 entpackte Bytes</translation>
    </message>
    <message>
        <source>loading was cancelled; the records decoded so far are shown</source>
        <translation>das Laden wurde abgebrochen; die bis dahin dekodierten Einträge werden angezeigt</translation>
    </message>
    <message>
        <source>this %1 file cannot be read: %2</source>
        <translation>diese Datei (%1) kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>the shape&apos;s size overflows 64 bits</source>
        <translation>die Größe der Form überschreitet 64 Bit</translation>
    </message>
    <message>
        <source>a %1 file says its own type and byte order: the reading options (%2) do not apply to it</source>
        <translation>eine Datei im Format %1 gibt ihren Typ und ihre Bytereihenfolge selbst an: die Leseoptionen (%2) gelten für sie nicht</translation>
    </message>
    <message>
        <source>this zip archive (a NumPy .npz?) cannot be read: %1</source>
        <translation>dieses zip-Archiv (eine NumPy .npz?) kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>this NumPy .npz archive holds %1 arrays (%2): open one of them as %3:NAME</source>
        <translation>dieses NumPy .npz-Archiv enthält %1 Arrays (%2): öffnen Sie eines davon als %3:NAME</translation>
    </message>
    <message>
        <source>the archive member &quot;%1&quot; is not a NumPy .npy array</source>
        <translation>das Archivelement „%1“ ist kein NumPy .npy-Array</translation>
    </message>
    <message>
        <source>cannot read the journal %1: %2</source>
        <translation>das Journal %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is not an idxscope journal</source>
        <translation>%1 ist kein idxscope-Journal</translation>
    </message>
    <message>
        <source>the journal header is damaged</source>
        <translation>der Header des Journals ist beschädigt</translation>
    </message>
    <message>
        <source>the journal has no valid header</source>
        <translation>das Journal hat keinen gültigen Header</translation>
    </message>
    <message>
        <source>%1 no longer exists</source>
        <translation>%1 existiert nicht mehr</translation>
    </message>
    <message>
        <source>%1 changed since the edits were journaled</source>
        <translation>%1 hat sich geändert, seit die Änderungen ins Journal geschrieben wurden</translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation>der Ordner %1 kann nicht erstellt werden</translation>
    </message>
    <message>
        <source>the journal %1 is in use by another running idxscope</source>
        <translation>das Journal %1 wird von einer anderen laufenden idxscope-Instanz verwendet</translation>
    </message>
    <message>
        <source>cannot lock the journal %1</source>
        <translation>das Journal %1 kann nicht gesperrt werden</translation>
    </message>
    <message>
        <source>cannot create the journal %1: %2</source>
        <translation>das Journal %1 kann nicht erstellt werden: %2</translation>
    </message>
    <message>
        <source>cannot write the journal: %1</source>
        <translation>das Journal kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>the journal is closed</source>
        <translation>das Journal ist geschlossen</translation>
    </message>
    <message>
        <source>cannot write the journal to disk (fsync failed)</source>
        <translation>das Journal kann nicht auf den Datenträger geschrieben werden (fsync fehlgeschlagen)</translation>
    </message>
    <message>
        <source>cannot remove the journal %1: %2</source>
        <translation>das Journal %1 kann nicht entfernt werden: %2</translation>
    </message>
    <message>
        <source>%1 changed since the edits were journaled; the journal was not applied</source>
        <translation>%1 hat sich geändert, seit die Änderungen ins Journal geschrieben wurden; das Journal wurde nicht angewendet</translation>
    </message>
    <message>
        <source>the journal was written for a tensor of another shape or type</source>
        <translation>das Journal wurde für einen Tensor mit anderer Form oder anderem Typ geschrieben</translation>
    </message>
    <message>
        <source>edit %1 of %2 in the journal does not fit the file; the %3 before it were recovered</source>
        <translation>Änderung %1 von %2 im Journal passt nicht zur Datei; die %3 Änderungen davor wurden wiederhergestellt</translation>
    </message>
    <message>
        <source>the journal ends with an incomplete edit (a crash while writing it); %1 edits were recovered</source>
        <translation>das Journal endet mit einer unvollständigen Änderung (ein Absturz während des Schreibens); %1 Änderungen wurden wiederhergestellt</translation>
    </message>
    <message>
        <source>the map is too large for a .npy file</source>
        <translation>die Karte ist zu groß für eine .npy-Datei</translation>
    </message>
    <message>
        <source>a map is made of one file, or of two together</source>
        <translation>eine Karte entsteht aus einer Datei oder aus zwei Dateien zusammen</translation>
    </message>
    <message>
        <source>the map places records of several values (images); this file holds one value per record</source>
        <translation>die Karte ordnet Einträge aus mehreren Werten (Bilder) an; diese Datei enthält nur einen Wert pro Eintrag</translation>
    </message>
    <message>
        <source>its records have %1 values, those of the first file %2</source>
        <translation>ihre Einträge haben %1 Werte, die der ersten Datei %2</translation>
    </message>
    <message>
        <source>a map needs at least three records; there are %1</source>
        <translation>eine Karte braucht mindestens drei Einträge; vorhanden sind %1</translation>
    </message>
    <message>
        <source>there are %1 records; a map places at most %2</source>
        <translation>es gibt %1 Einträge; eine Karte ordnet höchstens %2 an</translation>
    </message>
    <message>
        <source>the header is not a dictionary</source>
        <translation>der Header ist kein Dictionary</translation>
    </message>
    <message>
        <source>the header dictionary is malformed near &quot;%1&quot;</source>
        <translation>das Header-Dictionary ist bei „%1“ fehlerhaft</translation>
    </message>
    <message>
        <source>the header has the key &apos;%1&apos; twice</source>
        <translation>der Header enthält den Schlüssel „%1“ zweimal</translation>
    </message>
    <message>
        <source>structured dtypes are not supported</source>
        <translation>strukturierte dtypes werden nicht unterstützt</translation>
    </message>
    <message>
        <source>the dtype description is malformed near &quot;%1&quot;</source>
        <translation>die dtype-Beschreibung ist bei „%1“ fehlerhaft</translation>
    </message>
    <message>
        <source>fortran_order is neither True nor False</source>
        <translation>fortran_order ist weder True noch False</translation>
    </message>
    <message>
        <source>unexpected key &apos;%1&apos; in the header</source>
        <translation>unerwarteter Schlüssel „%1“ im Header</translation>
    </message>
    <message>
        <source>the header lacks %1</source>
        <translation>dem Header fehlt %1</translation>
    </message>
    <message>
        <source>the shape is not a tuple</source>
        <translation>die Form ist kein Tupel</translation>
    </message>
    <message>
        <source>the shape holds something other than sizes near &quot;%1&quot;</source>
        <translation>die Form enthält bei „%1“ etwas anderes als Größen</translation>
    </message>
    <message>
        <source>dimension %1 of the shape is larger than IDX allows (4294967295)</source>
        <translation>Dimension %1 der Form ist größer, als IDX erlaubt (4294967295)</translation>
    </message>
    <message>
        <source>the shape is malformed near &quot;%1&quot;</source>
        <translation>die Form ist bei „%1“ fehlerhaft</translation>
    </message>
    <message>
        <source>not a NumPy .npy file (the magic \x93NUMPY is missing)</source>
        <translation>keine NumPy .npy-Datei (die magische Zahl \x93NUMPY fehlt)</translation>
    </message>
    <message>
        <source>the .npy header is truncated</source>
        <translation>der .npy-Header ist abgeschnitten</translation>
    </message>
    <message>
        <source>.npy format version %1.%2 is not supported (1.0, 2.0 and 3.0 are)</source>
        <translation>.npy-Formatversion %1.%2 wird nicht unterstützt (unterstützt werden 1.0, 2.0 und 3.0)</translation>
    </message>
    <message>
        <source>the .npy header claims %1 bytes, more than any real header</source>
        <translation>der .npy-Header gibt %1 Bytes an, mehr als jeder echte Header</translation>
    </message>
    <message>
        <source>the .npy header is truncated: it claims %1 bytes but only %2 follow</source>
        <translation>der .npy-Header ist abgeschnitten: er gibt %1 Bytes an, es folgen aber nur %2</translation>
    </message>
    <message>
        <source>dtype &apos;%1&apos; is not supported (idxscope reads bool, uint8 to uint64, int8 to int64, float16, float32 and float64, either byte order)</source>
        <translation>dtype „%1“ wird nicht unterstützt (idxscope liest bool, uint8 bis uint64, int8 bis int64, float16, float32 und float64, jeweils in beiden Bytereihenfolgen)</translation>
    </message>
    <message>
        <source>the array has %1 dimensions; IDX allows at most 255</source>
        <translation>das Array hat %1 Dimensionen; IDX erlaubt höchstens 255</translation>
    </message>
    <message>
        <source>the data holds %1 bytes but the shape needs %2</source>
        <translation>die Daten umfassen %1 Bytes, die Form erfordert aber %2</translation>
    </message>
    <message>
        <source>reading %1 failed after %2 data bytes: %3</source>
        <translation>das Lesen von %1 ist nach %2 Datenbytes fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>the file ended</source>
        <translation>die Datei endete</translation>
    </message>
    <message>
        <source>read as %1</source>
        <translation>gelesen als %1</translation>
    </message>
    <message>
        <source>whole file little-endian</source>
        <translation>ganze Datei little-endian</translation>
    </message>
    <message>
        <source>little-endian payload</source>
        <translation>Nutzdaten little-endian</translation>
    </message>
    <message>
        <source>trailing bytes ignored</source>
        <translation>überzählige Bytes am Ende ignoriert</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>%1 data (type code %2)</source>
        <translation>Daten vom Typ %1 (Typcode %2)</translation>
    </message>
    <message>
        <source>the payload is truncated: %1 of %2 bytes are present, %3 bytes are missing; %4 of %5 records are complete</source>
        <translation>die Nutzdaten sind abgeschnitten: %1 von %2 Bytes sind vorhanden, %3 Bytes fehlen; %4 von %5 Einträgen sind vollständig</translation>
    </message>
    <message>
        <source>the last element is incomplete: %1 of its %2 bytes are present</source>
        <translation>das letzte Element ist unvollständig: %1 seiner %2 Bytes sind vorhanden</translation>
    </message>
    <message>
        <source>at least %1 trailing bytes follow the %2-byte payload</source>
        <translation>mindestens %1 überzählige Bytes folgen auf die %2 Bytes Nutzdaten</translation>
    </message>
    <message numerus="yes">
        <source>%n trailing byte(s) follow the payload</source>
        <translation>
            <numerusform>%n überzähliges Byte folgt auf die Nutzdaten</numerusform>
            <numerusform>%n überzählige Bytes folgen auf die Nutzdaten</numerusform>
        </translation>
    </message>
    <message>
        <source>; the payload is exactly %1× the declared size: %2 under the %3 code?</source>
        <translation>; die Nutzdaten sind genau %1× so groß wie angegeben: %2 unter dem Typcode von %3?</translation>
    </message>
    <message>
        <source>decompression stopped: the stream continues more than %1 bytes beyond the declared payload (a decompression bomb, or a wrong header?)</source>
        <translation>Entpacken angehalten: der Datenstrom reicht mehr als %1 Bytes über die angegebenen Nutzdaten hinaus (eine Dekomprimierungsbombe oder ein falscher Header?)</translation>
    </message>
    <message>
        <source>the data looks little-endian behind the big-endian header (%1); it may need to be read as little-endian</source>
        <translation>die Daten hinter dem big-endian-Header sehen nach little-endian aus (%1); möglicherweise müssen sie als little-endian gelesen werden</translation>
    </message>
    <message>
        <source>the data looks big-endian (%1) but is being read as little-endian</source>
        <translation>die Daten sehen nach big-endian aus (%1), werden aber als little-endian gelesen</translation>
    </message>
    <message>
        <source>no data to judge by</source>
        <translation>keine Daten zum Beurteilen</translation>
    </message>
    <message>
        <source>%1 values sampled: most significant byte %2 bits of entropy, least significant %3</source>
        <translation>Stichprobe von %1 Werten: höchstwertiges Byte mit %2 Bit Entropie, niedrigstwertiges mit %3</translation>
    </message>
    <message>
        <source>%1 values sampled: %2 below float16&apos;s smallest normal</source>
        <translation>Stichprobe von %1 Werten: %2 unterhalb der kleinsten normalisierten float16-Zahl</translation>
    </message>
    <message>
        <source>no IDX type code; shown as %1</source>
        <translation>kein IDX-Typcode; angezeigt als %1</translation>
    </message>
    <message>
        <source>type code %1</source>
        <translation>Typcode %1</translation>
    </message>
    <message>
        <source>read the payload as little-endian %1 (%2), dims kept</source>
        <translation>Nutzdaten als little-endian %1 lesen (%2), Dimensionen beibehalten</translation>
    </message>
    <message>
        <source>read the payload as %1 (%2), dims kept</source>
        <translation>Nutzdaten als %1 lesen (%2), Dimensionen beibehalten</translation>
    </message>
    <message>
        <source>one-byte values are always readable</source>
        <translation>Ein-Byte-Werte sind immer lesbar</translation>
    </message>
    <message>
        <source>%1 values sampled</source>
        <translation>Stichprobe von %1 Werten</translation>
    </message>
    <message>
        <source>: %1 not finite</source>
        <translation>: %1 nicht endlich</translation>
    </message>
    <message>
        <source>: magnitudes up to %1</source>
        <translation>: Beträge bis %1</translation>
    </message>
    <message>
        <source>: %1 with magnitudes below 1e-30</source>
        <translation>: %1 mit Beträgen unter 1e-30</translation>
    </message>
    <message>
        <source>: all finite, |x| ≤ %1</source>
        <translation>: alle endlich, |x| ≤ %1</translation>
    </message>
    <message>
        <source>read the whole file as little-endian (header and data)</source>
        <translation>ganze Datei als little-endian lesen (Header und Daten)</translation>
    </message>
    <message>
        <source>the reversed header reads as %1, %2</source>
        <translation>der umgekehrt gelesene Header ergibt %1, %2</translation>
    </message>
    <message>
        <source>read the payload as little-endian (the header stays big-endian)</source>
        <translation>Nutzdaten als little-endian lesen (der Header bleibt big-endian)</translation>
    </message>
    <message>
        <source>the payload is exactly %1× the declared size</source>
        <translation>die Nutzdaten sind genau %1× so groß wie angegeben</translation>
    </message>
    <message>
        <source>the declared records are complete</source>
        <translation>die angegebenen Einträge sind vollständig</translation>
    </message>
    <message>
        <source>the disk is full (%1 bytes free)</source>
        <translation>der Datenträger ist voll (%1 Bytes frei)</translation>
    </message>
    <message>
        <source>a scalar has no records to export</source>
        <translation>ein Skalar hat keine Einträge zum Exportieren</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>%1 kann nicht erstellt werden: %2</translation>
    </message>
    <message>
        <source>cannot save %1: %2</source>
        <translation>%1 kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>the images were saved but the labels could not be: %1: %2</source>
        <translation>die Bilder wurden gespeichert, die Labels jedoch nicht: %1: %2</translation>
    </message>
    <message>
        <source>NumPy .npy</source>
        <translation>NumPy .npy</translation>
    </message>
    <message>
        <source>NumPy .npz</source>
        <translation>NumPy .npz</translation>
    </message>
    <message>
        <source>Lush matrix</source>
        <translation>Lush-Matrix</translation>
    </message>
    <message>
        <source>the Lush matrix header is truncated</source>
        <translation>der Header der Lush-Matrix ist abgeschnitten</translation>
    </message>
    <message>
        <source>Lush matrix type 0x%1 is not supported (float, double, integer, byte, short and short8 matrices are)</source>
        <translation>Lush-Matrixtyp 0x%1 wird nicht unterstützt (unterstützt werden float-, double-, integer-, byte-, short- und short8-Matrizen)</translation>
    </message>
    <message>
        <source>not a Lush matrix (no magic 0x1E3D4C5x)</source>
        <translation>keine Lush-Matrix (keine magische Zahl 0x1E3D4C5x)</translation>
    </message>
    <message>
        <source>the Lush matrix claims %1 dimensions (0 to %2 are possible)</source>
        <translation>die Lush-Matrix gibt %1 Dimensionen an (möglich sind 0 bis %2)</translation>
    </message>
    <message>
        <source>the Lush matrix header is truncated: %1 dimensions need %2 bytes</source>
        <translation>der Header der Lush-Matrix ist abgeschnitten: %1 Dimensionen benötigen %2 Bytes</translation>
    </message>
    <message>
        <source>dimension %1 of the Lush matrix is negative (%2)</source>
        <translation>Dimension %1 der Lush-Matrix ist negativ (%2)</translation>
    </message>
    <message>
        <source>cannot read the zip archive: %1</source>
        <translation>das zip-Archiv kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>cannot read the member: %1</source>
        <translation>das Archivelement kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the archive holds no arrays</source>
        <translation>das Archiv enthält keine Arrays</translation>
    </message>
    <message>
        <source>the archive has no member &quot;%1&quot;</source>
        <translation>das Archiv enthält kein Element „%1“</translation>
    </message>
    <message>
        <source>cannot read the member &quot;%1&quot;: %2</source>
        <translation>das Archivelement „%1“ kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>the archive member is corrupt: %1</source>
        <translation>das Archivelement ist beschädigt: %1</translation>
    </message>
    <message>
        <source>the column-major data is too large to hold in memory for reordering</source>
        <translation>die spaltenweise gespeicherten Daten sind zu groß, um sie zum Umordnen im Speicher zu halten</translation>
    </message>
    <message>
        <source>out of memory: cannot hold the %1 bytes of column-major data for reordering</source>
        <translation>nicht genug Arbeitsspeicher für die %1 Bytes spaltenweise gespeicherter Daten zum Umordnen</translation>
    </message>
    <message>
        <source>the column-major (Fortran-order) data ends after %1 of %2 bytes: without all of it no record is complete</source>
        <translation>die spaltenweise (in Fortran-Reihenfolge) gespeicherten Daten enden nach %1 von %2 Bytes: ohne alle Daten ist kein Eintrag vollständig</translation>
    </message>
    <message>
        <source>the last %1 element is incomplete: %2 of its %3 bytes are present (it is dropped)</source>
        <translation>das letzte %1-Element ist unvollständig: %2 seiner %3 Bytes sind vorhanden (es wird verworfen)</translation>
    </message>
    <message>
        <source>the data is gzip-compressed (again, inside its container?): decompress it first</source>
        <translation>die Daten sind gzip-komprimiert (nochmals, innerhalb ihres Containers?): entpacken Sie sie zuerst</translation>
    </message>
    <message>
        <source>the data is xz-compressed (again, inside its container?): decompress it first</source>
        <translation>die Daten sind xz-komprimiert (nochmals, innerhalb ihres Containers?): entpacken Sie sie zuerst</translation>
    </message>
    <message>
        <source>this is bzip2-compressed data, which is not supported: decompress it first</source>
        <translation>dies sind bzip2-komprimierte Daten, die nicht unterstützt werden: entpacken Sie sie zuerst</translation>
    </message>
    <message>
        <source>this is zstd-compressed data, which is not supported: decompress it first</source>
        <translation>dies sind zstd-komprimierte Daten, die nicht unterstützt werden: entpacken Sie sie zuerst</translation>
    </message>
    <message>
        <source>this is a NumPy .npy file, not IDX</source>
        <translation>dies ist eine NumPy .npy-Datei, keine IDX-Datei</translation>
    </message>
    <message>
        <source>this is a zip archive (a NumPy .npz?), not IDX: extract it first</source>
        <translation>dies ist ein zip-Archiv (eine NumPy .npz?), keine IDX-Datei: entpacken Sie es zuerst</translation>
    </message>
    <message>
        <source>this is a PNG image, not IDX</source>
        <translation>dies ist ein PNG-Bild, keine IDX-Datei</translation>
    </message>
    <message>
        <source>this is an HTML page, not IDX: a failed download?</source>
        <translation>dies ist eine HTML-Seite, keine IDX-Datei: ein fehlgeschlagener Download?</translation>
    </message>
    <message>
        <source>this is a Git LFS pointer, not the data: fetch it with &quot;git lfs pull&quot;</source>
        <translation>dies ist ein Git-LFS-Zeiger, nicht die Daten: holen Sie sie mit „git lfs pull“</translation>
    </message>
    <message>
        <source>this is a Lush/EBLearn matrix file (magic 0x%1), not IDX</source>
        <translation>dies ist eine Lush/EBLearn-Matrixdatei (Magic 0x%1), keine IDX-Datei</translation>
    </message>
    <message>
        <source>this is a Lush/EBLearn matrix file (magic 0x%1, little-endian), not IDX</source>
        <translation>dies ist eine Lush/EBLearn-Matrixdatei (Magic 0x%1, little-endian), keine IDX-Datei</translation>
    </message>
    <message>
        <source>%1 values are shown as %2; every value is kept</source>
        <translation>%1-Werte werden als %2 angezeigt; jeder Wert bleibt erhalten</translation>
    </message>
    <message>
        <source>%1 values are shown as float64; values beyond 2^53 are rounded</source>
        <translation>%1-Werte werden als float64 angezeigt; Werte jenseits von 2^53 werden gerundet</translation>
    </message>
    <message>
        <source>writing failed: %1</source>
        <translation>Schreiben fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>writing failed after %1 of %2 bytes: %3</source>
        <translation>Schreiben nach %1 von %2 Bytes fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>compression failed</source>
        <translation>Komprimierung fehlgeschlagen</translation>
    </message>
    <message>
        <source>cannot create the file: %1</source>
        <translation>die Datei kann nicht erstellt werden: %1</translation>
    </message>
    <message>
        <source>cannot save the file: %1</source>
        <translation>die Datei kann nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>the payload has %1 bytes but the header declares %2</source>
        <translation>die Nutzdaten umfassen %1 Bytes, der Header gibt aber %2 an</translation>
    </message>
    <message>
        <source>could not start the xz compressor: out of memory</source>
        <translation>der xz-Kompressor konnte nicht gestartet werden: nicht genug Arbeitsspeicher</translation>
    </message>
    <message>
        <source>could not start the xz compressor (liblzma error %1)</source>
        <translation>der xz-Kompressor konnte nicht gestartet werden (liblzma-Fehler %1)</translation>
    </message>
    <message>
        <source>xz compression failed: out of memory</source>
        <translation>xz-Komprimierung fehlgeschlagen: nicht genug Arbeitsspeicher</translation>
    </message>
    <message>
        <source>xz compression failed (liblzma error %1)</source>
        <translation>xz-Komprimierung fehlgeschlagen (liblzma-Fehler %1)</translation>
    </message>
    <message numerus="yes">
        <source>header declares %n dimension(s), which need %1 header bytes, but the file ends after %2</source>
        <translation>
            <numerusform>der Header gibt %n Dimension an, die %1 Header-Bytes benötigt, aber die Datei endet nach %2 Bytes</numerusform>
            <numerusform>der Header gibt %n Dimensionen an, die %1 Header-Bytes benötigen, aber die Datei endet nach %2 Bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n %1 value(s) beyond 2^53 were rounded to the nearest float64; IDX has no type that holds them exactly</source>
        <translation>
            <numerusform>%n %1-Wert jenseits von 2^53 auf den nächsten float64-Wert gerundet; IDX hat keinen Typ, der ihn exakt darstellen kann</numerusform>
            <numerusform>%n %1-Werte jenseits von 2^53 auf den nächsten float64-Wert gerundet; IDX hat keinen Typ, der sie exakt darstellen kann</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (declared payload: %n byte(s))</source>
        <translation>
            <numerusform> (angegebene Nutzdaten: %n Byte)</numerusform>
            <numerusform> (angegebene Nutzdaten: %n Bytes)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ignore the %n trailing byte(s)</source>
        <translation>
            <numerusform>das %n überzählige Byte am Ende ignorieren</numerusform>
            <numerusform>die %n überzähligen Bytes am Ende ignorieren</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>type code %1 is not IDX&apos;s; %2 payload bytes fit %3 values of %n byte(s)</source>
        <translation>
            <numerusform>Typcode %1 gehört nicht zu IDX; %2 Bytes Nutzdaten ergeben genau %3 Werte zu je %n Byte</numerusform>
            <numerusform>Typcode %1 gehört nicht zu IDX; %2 Bytes Nutzdaten ergeben genau %3 Werte zu je %n Bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n %1 value(s) beyond 2^53 were rounded to the nearest float64</source>
        <translation>
            <numerusform>%n %1-Wert jenseits von 2^53 auf den nächsten float64-Wert gerundet</numerusform>
            <numerusform>%n %1-Werte jenseits von 2^53 auf den nächsten float64-Wert gerundet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the header bytes are reversed: this looks like a whole-file little-endian IDX (type code 0x%1, %n dimension(s)); IDX is big-endian</source>
        <translation>
            <numerusform>die Header-Bytes sind umgekehrt: dies sieht nach einer vollständig little-endian geschriebenen IDX-Datei aus (Typcode 0x%1, %n Dimension); IDX ist big-endian</numerusform>
            <numerusform>die Header-Bytes sind umgekehrt: dies sieht nach einer vollständig little-endian geschriebenen IDX-Datei aus (Typcode 0x%1, %n Dimensionen); IDX ist big-endian</numerusform>
        </translation>
    </message>
    <message>
        <source>IDX files</source>
        <translation>IDX-Dateien</translation>
    </message>
    <message>
        <source>NumPy arrays</source>
        <translation>NumPy-Arrays</translation>
    </message>
    <message>
        <source>NumPy archives</source>
        <translation>NumPy-Archive</translation>
    </message>
    <message>
        <source>Lush matrices</source>
        <translation>Lush-Matrizen</translation>
    </message>
    <message>
        <source>gzip-compressed files</source>
        <translation>gzip-komprimierte Dateien</translation>
    </message>
    <message>
        <source>xz-compressed files</source>
        <translation>xz-komprimierte Dateien</translation>
    </message>
    <message>
        <source>bzip2-compressed files</source>
        <translation>bzip2-komprimierte Dateien</translation>
    </message>
    <message>
        <source>zstd-compressed files</source>
        <translation>zstd-komprimierte Dateien</translation>
    </message>
    <message>
        <source>CSV files</source>
        <translation>CSV-Dateien</translation>
    </message>
    <message>
        <source>Text files</source>
        <translation>Textdateien</translation>
    </message>
    <message>
        <source>PNG images</source>
        <translation>PNG-Bilder</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>Bilder</translation>
    </message>
    <message>
        <source>SVG drawings</source>
        <translation>SVG-Zeichnungen</translation>
    </message>
    <message>
        <source>every value of the table matches the published file&apos;s</source>
        <translation>jeder Wert der Tabelle stimmt mit der veröffentlichten Datei überein</translation>
    </message>
    <message>
        <source>character class</source>
        <translation>Zeichenklasse</translation>
    </message>
    <message>
        <source>NIST writer ID</source>
        <translation>NIST-Schreiber-ID</translation>
    </message>
    <message>
        <source>digit index for this writer</source>
        <translation>Ziffernindex dieses Schreibers</translation>
    </message>
    <message>
        <source>global NIST digit index</source>
        <translation>globaler NIST-Ziffernindex</translation>
    </message>
    <message>
        <source>%1 column names were given for lines of %2 values</source>
        <translation>%1 Spaltennamen wurden für Zeilen mit %2 Werten angegeben</translation>
    </message>
    <message>
        <source>the labels file has %1 records of no values (no label column)</source>
        <translation>die Labeldatei hat %1 Einträge ohne Werte (keine Labelspalte)</translation>
    </message>
    <message>
        <source>the name holds a line break</source>
        <translation>der Name enthält einen Zeilenumbruch</translation>
    </message>
    <message>
        <source>only a compressed IDX file read as stored converts as it is read</source>
        <translation>nur eine komprimierte IDX-Datei, so gelesen wie gespeichert, wird beim Lesen umgewandelt</translation>
    </message>
    <message>
        <source>the payload was written out once already</source>
        <translation>die Nutzdaten wurden bereits einmal geschrieben</translation>
    </message>
    <message>
        <source>another file took its name while it was written (left as it is)</source>
        <translation>eine andere Datei hat den Namen belegt, während sie geschrieben wurde (sie bleibt, wie sie ist)</translation>
    </message>
    <message>
        <source>the payload could not be converted</source>
        <translation>die Nutzdaten konnten nicht umgewandelt werden</translation>
    </message>
</context>
<context>
    <name>idx::gui::Application</name>
    <message>
        <source>Inspector for IDX tensor files (MNIST and family).</source>
        <translation>Inspektor für IDX-Tensordateien (MNIST und verwandte Datensätze).</translation>
    </message>
    <message>
        <source>IDX files to open.</source>
        <translation>Zu öffnende IDX-Dateien.</translation>
    </message>
    <message>
        <source>[FILE...]</source>
        <translation>[FILE...]</translation>
    </message>
    <message>
        <source>Open the files, wait for the first image and the statistics, save a picture of the window to OUT.png and exit.</source>
        <translation>Die Dateien öffnen, auf das erste Bild und die Statistik warten, ein Bild des Fensters in OUT.png speichern und beenden.</translation>
    </message>
    <message>
        <source>OUT.png</source>
        <translation>OUT.png</translation>
    </message>
    <message>
        <source>Window size for --screenshot, e.g. 1280x800.</source>
        <translation>Fenstergröße für --screenshot, z. B. 1280x800.</translation>
    </message>
    <message>
        <source>WxH</source>
        <translation>WxH</translation>
    </message>
    <message>
        <source>Open a new window even if IdxScope is already running.</source>
        <translation>Ein neues Fenster öffnen, auch wenn IdxScope bereits läuft.</translation>
    </message>
    <message>
        <source>Print &quot;first-paint&quot; and the resident memory in KiB when the first image is on screen, then quit (for benchmarks).</source>
        <translation>„first-paint“ und den residenten Speicherverbrauch in KiB ausgeben, sobald das erste Bild angezeigt wird, dann beenden (für Benchmarks).</translation>
    </message>
    <message>
        <source>--size wants WIDTHxHEIGHT, e.g. 1280x800, not “%1”.</source>
        <translation>--size erwartet WIDTHxHEIGHT, z. B. 1280x800, nicht „%1“.</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>timed out waiting for the document; saving what is shown</source>
        <translation>Zeitüberschreitung beim Warten auf das Dokument; das Angezeigte wird gespeichert</translation>
    </message>
</context>
<context>
    <name>idx::gui::ChangeLogActions</name>
    <message>
        <source>E&amp;xport Change Log…</source>
        <translation>Änderungsprotokoll e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Im&amp;port Change Log…</source>
        <translation>Änderungsprotokoll im&amp;portieren…</translation>
    </message>
    <message>
        <source>This document has no labels.</source>
        <translation>Dieses Dokument hat keine Labels.</translation>
    </message>
    <message>
        <source>Export Change Log</source>
        <translation>Änderungsprotokoll exportieren</translation>
    </message>
    <message numerus="yes">
        <source>%n label changes written to %1.</source>
        <translation>
            <numerusform>%n Labeländerung in %1 geschrieben.</numerusform>
            <numerusform>%n Labeländerungen in %1 geschrieben.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was not written: %2</source>
        <translation>%1 wurde nicht geschrieben: %2</translation>
    </message>
    <message>
        <source>Import Change Log</source>
        <translation>Änderungsprotokoll importieren</translation>
    </message>
    <message>
        <source>Change Log</source>
        <translation>Änderungsprotokoll</translation>
    </message>
    <message>
        <source>Some rows were not applied:
%1</source>
        <translation>Einige Zeilen wurden nicht angewendet:
%1</translation>
    </message>
</context>
<context>
    <name>idx::gui::ClassChart</name>
    <message>
        <source>No labels</source>
        <translation>Keine Labels</translation>
    </message>
    <message numerus="yes">
        <source>Class %1: %n records
Click to show only this class, Ctrl+click to add or remove it</source>
        <translation>
            <numerusform>Klasse %1: %n Eintrag
Klicken, um nur diese Klasse anzuzeigen, Strg+Klick, um sie hinzuzufügen oder zu entfernen</numerusform>
            <numerusform>Klasse %1: %n Einträge
Klicken, um nur diese Klasse anzuzeigen, Strg+Klick, um sie hinzuzufügen oder zu entfernen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::ClassNamesDialog</name>
    <message>
        <source>Class Names — %1</source>
        <translation>Klassennamen — %1</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Label</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>&amp;Load…</source>
        <translation>&amp;Laden…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>&amp;Dataset&apos;s Names</source>
        <translation>Namen des &amp;Datensatzes</translation>
    </message>
    <message>
        <source>&amp;Clear</source>
        <translation>Lee&amp;ren</translation>
    </message>
    <message>
        <source>Go back to %1&apos;s own names</source>
        <translation>Zu den eigenen Namen von %1 zurückkehren</translation>
    </message>
    <message>
        <source>Remove every name</source>
        <translation>Alle Namen entfernen</translation>
    </message>
    <message>
        <source>Names you give are remembered for these labels, wherever the file goes.</source>
        <translation>Die vergebenen Namen werden für diese Labels gespeichert, egal wohin die Datei verschoben wird.</translation>
    </message>
    <message>
        <source>These labels are too large to be remembered by their content (over %1 MB): the names you give last until the file is closed.</source>
        <translation>Diese Labels sind zu groß, um anhand ihres Inhalts wiedererkannt zu werden (über %1 MB): Die vergebenen Namen gelten nur, bis die Datei geschlossen wird.</translation>
    </message>
    <message>
        <source>%1 names its classes; change any name here, or load names from a file.</source>
        <translation>%1 bringt eigene Klassennamen mit; Sie können hier jeden Namen ändern oder Namen aus einer Datei laden.</translation>
    </message>
    <message>
        <source>Name the classes here, or load the names from a file (one name per line, an EMNIST mapping, or a CSV).</source>
        <translation>Benennen Sie die Klassen hier oder laden Sie die Namen aus einer Datei (ein Name pro Zeile, eine EMNIST-Zuordnung oder eine CSV-Datei).</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>The name of label %1 is longer than %2 characters.</source>
        <translation>Der Name von Label %1 ist länger als %2 Zeichen.</translation>
    </message>
    <message>
        <source>Class Names</source>
        <translation>Klassennamen</translation>
    </message>
    <message>
        <source>Load Class Names</source>
        <translation>Klassennamen laden</translation>
    </message>
    <message>
        <source>The names were not loaded.
%1</source>
        <translation>Die Namen wurden nicht geladen.
%1</translation>
    </message>
    <message>
        <source>Export Class Names</source>
        <translation>Klassennamen exportieren</translation>
    </message>
    <message>
        <source>The names were not written.
%1</source>
        <translation>Die Namen wurden nicht geschrieben.
%1</translation>
    </message>
    <message>
        <source>Names</source>
        <translation>Namen</translation>
    </message>
</context>
<context>
    <name>idx::gui::CompareController</name>
    <message>
        <source>Comparing…</source>
        <translation>Wird verglichen…</translation>
    </message>
    <message>
        <source>%1 cannot be compared: %2.</source>
        <translation>%1 kann nicht verglichen werden: %2.</translation>
    </message>
    <message>
        <source>it is not a valid IDX file</source>
        <translation>sie ist keine gültige IDX-Datei</translation>
    </message>
    <message>
        <source>This file cannot be read now: reload it to compare.</source>
        <translation>Diese Datei kann gerade nicht gelesen werden: Laden Sie sie neu, um zu vergleichen.</translation>
    </message>
    <message>
        <source>%1 could not be read: %2.</source>
        <translation>%1 konnte nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <source>the payload ends early</source>
        <translation>die Nutzdaten enden vorzeitig</translation>
    </message>
    <message>
        <source>Stopped: compare again to see the differences.</source>
        <translation>Angehalten: Erneut vergleichen, um die Unterschiede zu sehen.</translation>
    </message>
</context>
<context>
    <name>idx::gui::CompareModel</name>
    <message>
        <source>Changed</source>
        <translation>Geändert</translation>
    </message>
    <message>
        <source>Moved</source>
        <translation>Verschoben</translation>
    </message>
    <message>
        <source>Only in this file</source>
        <translation>Nur in dieser Datei</translation>
    </message>
    <message>
        <source>Only in the other</source>
        <translation>Nur in der anderen</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>Unterschied</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>In the other</source>
        <translation>In der anderen</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Label</translation>
    </message>
    <message>
        <source>Values differing</source>
        <translation>Abweichende Werte</translation>
    </message>
    <message>
        <source>Other label</source>
        <translation>Anderes Label</translation>
    </message>
    <message>
        <source>Largest difference</source>
        <translation>Größte Abweichung</translation>
    </message>
</context>
<context>
    <name>idx::gui::ComparePanel</name>
    <message>
        <source>Compare With…</source>
        <translation>Vergleichen mit…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Stop comparing with the other file</source>
        <translation>Vergleich mit der anderen Datei beenden</translation>
    </message>
    <message>
        <source>Classes</source>
        <translation>Klassen</translation>
    </message>
    <message>
        <source>Mean images</source>
        <translation>Mittelwertbilder</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Werte</translation>
    </message>
    <message>
        <source>Differences</source>
        <translation>Unterschiede</translation>
    </message>
    <message>
        <source>Side by Side</source>
        <translation>Nebeneinander</translation>
    </message>
    <message>
        <source>Compare With</source>
        <translation>Vergleichen mit</translation>
    </message>
    <message>
        <source>Compare this file with another: an edited copy, an older version, the other split.</source>
        <translation>Diese Datei mit einer anderen vergleichen: einer bearbeiteten Kopie, einer älteren Version, dem anderen Split.</translation>
    </message>
    <message>
        <source>Comparing with %1…</source>
        <translation>Vergleich mit %1…</translation>
    </message>
    <message>
        <source>Equal: %1 holds the same values (compared decoded).</source>
        <translation>Gleich: %1 enthält dieselben Werte (dekodiert verglichen).</translation>
    </message>
    <message>
        <source>the element types differ</source>
        <translation>die Elementtypen unterscheiden sich</translation>
    </message>
    <message>
        <source>dims %1 here, %2 there</source>
        <translation>Dimensionen hier %1, dort %2</translation>
    </message>
    <message>
        <source>the records have other shapes: not compared</source>
        <translation>die Einträge haben andere Formen: nicht verglichen</translation>
    </message>
    <message>
        <source>%1 of %2 records differ (largest difference %3)</source>
        <translation>%1 von %2 Einträgen unterscheiden sich (größte Abweichung %3)</translation>
    </message>
    <message>
        <source>no record in common: %1 only here, %2 only there</source>
        <translation>kein gemeinsamer Eintrag: %1 nur hier, %2 nur dort</translation>
    </message>
    <message>
        <source>aligned by content: %1 kept, %2 only here, %3 only there, %4 moved, %5 changed</source>
        <translation>nach Inhalt zugeordnet: %1 unverändert, %2 nur hier, %3 nur dort, %4 verschoben, %5 geändert</translation>
    </message>
    <message>
        <source>not aligned: %1</source>
        <translation>nicht zugeordnet: %1</translation>
    </message>
    <message>
        <source>Compared with %1: %2.</source>
        <translation>Verglichen mit %1: %2.</translation>
    </message>
    <message>
        <source>Both files&apos; figures appear here once they are compared (records of one shape).</source>
        <translation>Die Diagramme beider Dateien erscheinen hier, sobald sie verglichen sind (bei Einträgen gleicher Form).</translation>
    </message>
    <message>
        <source>Classes and mean images need labels for both files.</source>
        <translation>Klassen und Mittelwertbilder erfordern Labels für beide Dateien.</translation>
    </message>
    <message>
        <source>This file: record %1</source>
        <translation>Diese Datei: Eintrag %1</translation>
    </message>
    <message>
        <source>Not in this file</source>
        <translation>Nicht in dieser Datei</translation>
    </message>
    <message>
        <source>Other: record %1</source>
        <translation>Andere: Eintrag %1</translation>
    </message>
    <message>
        <source>Not in the other file</source>
        <translation>Nicht in der anderen Datei</translation>
    </message>
    <message>
        <source>Other − this (blue lower, red higher; ±%1)</source>
        <translation>Andere − diese (blau niedriger, rot höher; ±%1)</translation>
    </message>
    <message>
        <source>Other − this: no difference</source>
        <translation>Andere − diese: kein Unterschied</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>&amp;Compare With…</source>
        <translation>Vergleichen &amp;mit…</translation>
    </message>
</context>
<context>
    <name>idx::gui::ContactSheetDialog</name>
    <message>
        <source>Export Contact Sheet</source>
        <translation>Kontaktabzug exportieren</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Caption each tile with its index and label</source>
        <translation>Jede Kachel mit Index und Label beschriften</translation>
    </message>
    <message>
        <source>C&amp;olumns:</source>
        <translation>&amp;Spalten:</translation>
    </message>
    <message>
        <source>&amp;Gap:</source>
        <translation>&amp;Abstand:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>Da&amp;tei:</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>Save Contact Sheet</source>
        <translation>Kontaktabzug speichern</translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) in %1 × %2 tiles</source>
        <translation>
            <numerusform>%n Eintrag in %1 × %2 Kacheln</numerusform>
            <numerusform>%n Einträge in %1 × %2 Kacheln</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::Document</name>
    <message>
        <source>Labels file %1 was not attached: %2</source>
        <translation>Labeldatei %1 wurde nicht angehängt: %2</translation>
    </message>
    <message>
        <source>the images file itself cannot be read.</source>
        <translation>die Bilddatei selbst kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>its header is not valid.</source>
        <translation>ihr Header ist ungültig.</translation>
    </message>
</context>
<context>
    <name>idx::gui::DocumentLoader</name>
    <message>
        <source>Reading %1: %2 of %3</source>
        <translation>%1 wird gelesen: %2 von %3</translation>
    </message>
    <message>
        <source>Loading %1: %2 of %3</source>
        <translation>%1 wird geladen: %2 von %3</translation>
    </message>
</context>
<context>
    <name>idx::gui::DocumentSaver</name>
    <message>
        <source>Another save is still running.</source>
        <translation>Ein anderer Speichervorgang läuft noch.</translation>
    </message>
    <message>
        <source>%1; writing would not keep them (IDX has no 64-bit integer type).</source>
        <translation>%1; beim Schreiben blieben sie nicht erhalten (IDX hat keinen 64-Bit-Ganzzahltyp).</translation>
    </message>
    <message>
        <source>The built-in sample cannot be overwritten; use Save As.</source>
        <translation>Das eingebaute Beispiel kann nicht überschrieben werden; verwenden Sie „Speichern unter“.</translation>
    </message>
    <message>
        <source>%1 is a %2 file, which idxscope reads but does not write: save the edits as IDX with %3.</source>
        <translation>%1 ist eine Datei im Format %2, die idxscope lesen, aber nicht schreiben kann: Speichern Sie die Änderungen mit „%3“ als IDX.</translation>
    </message>
    <message>
        <source>Save As</source>
        <translation>Speichern unter</translation>
    </message>
    <message>
        <source>Save Labels as New File</source>
        <translation>Labels als neue Datei speichern</translation>
    </message>
    <message>
        <source>The built-in sample&apos;s labels cannot be overwritten; use Save Labels as New File.</source>
        <translation>Die Labels des eingebauten Beispiels können nicht überschrieben werden; verwenden Sie „Labels als neue Datei speichern“.</translation>
    </message>
    <message>
        <source>The images and the labels cannot be saved to the same file.</source>
        <translation>Bilder und Labels können nicht in derselben Datei gespeichert werden.</translation>
    </message>
    <message>
        <source>This document has no labels file attached.</source>
        <translation>An dieses Dokument ist keine Labeldatei angehängt.</translation>
    </message>
    <message>
        <source>The file is not loaded completely yet, so it cannot be saved now.</source>
        <translation>Die Datei ist noch nicht vollständig geladen und kann daher jetzt nicht gespeichert werden.</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>%1 wird gespeichert…</translation>
    </message>
    <message>
        <source>%1 was not saved: %2</source>
        <translation>%1 wurde nicht gespeichert: %2</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Saved, but edits made during the save are not in the file; save again.</source>
        <translation>Gespeichert, aber während des Speicherns vorgenommene Änderungen sind nicht in der Datei enthalten; bitte erneut speichern.</translation>
    </message>
</context>
<context>
    <name>idx::gui::DocumentView</name>
    <message>
        <source>Record %L1 of %L2</source>
        <translation>Eintrag %L1 von %L2</translation>
    </message>
    <message>
        <source> (%L1 loaded)</source>
        <translation> (%L1 geladen)</translation>
    </message>
    <message>
        <source>  ·  label %1</source>
        <translation>  ·  Label %1</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Gallery</source>
        <translation>Galerie</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>Loading was cancelled: %L1 of %L2 records are available.</source>
        <translation>Das Laden wurde abgebrochen: %L1 von %L2 Einträgen sind verfügbar.</translation>
    </message>
    <message>
        <source>Load Again</source>
        <translation>Erneut laden</translation>
    </message>
    <message>
        <source>This file is damaged; its complete records are shown.
%1</source>
        <translation>Diese Datei ist beschädigt; ihre vollständigen Einträge werden angezeigt.
%1</translation>
    </message>
    <message>
        <source>Shown %1.</source>
        <translation>Angezeigt: %1.</translation>
    </message>
    <message>
        <source>Read as Written</source>
        <translation>Wie geschrieben lesen</translation>
    </message>
    <message>
        <source>Save or discard the edits first: they are values of the file as it is read now.</source>
        <translation>Speichern oder verwerfen Sie zuerst die Änderungen: Sie beziehen sich auf die Werte der Datei in der aktuellen Lesart.</translation>
    </message>
    <message>
        <source>The file was deleted on disk.</source>
        <translation>Die Datei wurde auf dem Datenträger gelöscht.</translation>
    </message>
    <message>
        <source>The file shrank on disk: its records are no longer shown until it is reloaded.</source>
        <translation>Die Datei ist auf dem Datenträger geschrumpft: Ihre Einträge werden nicht mehr angezeigt, bis sie neu geladen wird.</translation>
    </message>
    <message>
        <source>The file changed on disk.</source>
        <translation>Die Datei wurde auf dem Datenträger geändert.</translation>
    </message>
</context>
<context>
    <name>idx::gui::EditController</name>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>Edit &amp;Label…</source>
        <translation>Label &amp;bearbeiten…</translation>
    </message>
    <message>
        <source>&amp;Replace Record from Image…</source>
        <translation>Eintrag durch Bild &amp;ersetzen…</translation>
    </message>
    <message>
        <source>&amp;Delete Records</source>
        <translation>Einträge &amp;löschen</translation>
    </message>
    <message>
        <source>D&amp;uplicate Records</source>
        <translation>Einträge &amp;duplizieren</translation>
    </message>
    <message>
        <source>&amp;Insert Blank Record</source>
        <translation>Leeren Eintrag ein&amp;fügen</translation>
    </message>
    <message>
        <source>Insert Record from I&amp;mage…</source>
        <translation>Eintrag aus B&amp;ild einfügen…</translation>
    </message>
    <message>
        <source>Move &amp;Up</source>
        <translation>Nach &amp;oben verschieben</translation>
    </message>
    <message>
        <source>Move Do&amp;wn</source>
        <translation>Nach &amp;unten verschieben</translation>
    </message>
    <message>
        <source>Move &amp;To…</source>
        <translation>An Index &amp;verschieben…</translation>
    </message>
    <message>
        <source>&amp;Paint Mode</source>
        <translation>&amp;Malmodus</translation>
    </message>
    <message>
        <source>Brush</source>
        <translation>Pinsel</translation>
    </message>
    <message>
        <source>The value painted (checked against the file&apos;s type)</source>
        <translation>Der Wert, mit dem gemalt wird (geprüft anhand des Elementtyps der Datei)</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Brush size in image pixels</source>
        <translation>Pinselgröße in Bildpixeln</translation>
    </message>
    <message>
        <source> Brush value </source>
        <translation> Pinselwert </translation>
    </message>
    <message>
        <source> Size </source>
        <translation> Größe </translation>
    </message>
    <message>
        <source>The records are already at the %1.</source>
        <translation>Die Einträge sind bereits am %1.</translation>
    </message>
    <message>
        <source>start</source>
        <translation>Anfang</translation>
    </message>
    <message>
        <source>end</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>The labels are still loading.</source>
        <translation>Die Labels werden noch geladen.</translation>
    </message>
    <message>
        <source>This file has no labels: attach a labels file to edit them.</source>
        <translation>Diese Datei hat keine Labels: Hängen Sie eine Labeldatei an, um die Labels zu bearbeiten.</translation>
    </message>
    <message>
        <source>Move Records</source>
        <translation>Einträge verschieben</translation>
    </message>
    <message numerus="yes">
        <source>Move %n records to index:</source>
        <translation>
            <numerusform>%n Eintrag an Index verschieben:</numerusform>
            <numerusform>%n Einträge an Index verschieben:</numerusform>
        </translation>
    </message>
    <message>
        <source>Edit Label</source>
        <translation>Label bearbeiten</translation>
    </message>
    <message>
        <source>Label of record %1:</source>
        <translation>Label von Eintrag %1:</translation>
    </message>
    <message numerus="yes">
        <source>Label of the %n selected records:</source>
        <translation>
            <numerusform>Label des %n ausgewählten Eintrags:</numerusform>
            <numerusform>Label der %n ausgewählten Einträge:</numerusform>
        </translation>
    </message>
    <message>
        <source>&quot;%1&quot; is neither a class name nor a label number.</source>
        <translation>„%1“ ist weder ein Klassenname noch eine Labelnummer.</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>&amp;Rückgängig: %1</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>&amp;Wiederholen: %1</translation>
    </message>
</context>
<context>
    <name>idx::gui::ErrorPage</name>
    <message>
        <source>First bytes of the file:</source>
        <translation>Erste Bytes der Datei:</translation>
    </message>
    <message>
        <source>This file cannot be opened as an IDX tensor</source>
        <translation>Diese Datei kann nicht als IDX-Tensor geöffnet werden</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
</context>
<context>
    <name>idx::gui::ExportController</name>
    <message>
        <source>Stop; files written so far are removed</source>
        <translation>Abbrechen; die bereits geschriebenen Dateien werden wieder entfernt</translation>
    </message>
    <message>
        <source>1 file exists already: %1.</source>
        <translation>1 Datei existiert bereits: %1.</translation>
    </message>
    <message>
        <source>%1 files exist already, for example %2.</source>
        <translation>%1 Dateien existieren bereits, zum Beispiel %2.</translation>
    </message>
    <message>
        <source>Replace them?</source>
        <translation>Sollen sie ersetzt werden?</translation>
    </message>
    <message>
        <source>Files Exist</source>
        <translation>Dateien existieren bereits</translation>
    </message>
    <message>
        <source>&amp;Overwrite</source>
        <translation>Ü&amp;berschreiben</translation>
    </message>
    <message>
        <source>Export cancelled; no file was replaced.</source>
        <translation>Export abgebrochen; es wurde keine Datei ersetzt.</translation>
    </message>
    <message>
        <source>Export Cancelled</source>
        <translation>Export abgebrochen</translation>
    </message>
    <message>
        <source>Import Finished</source>
        <translation>Import abgeschlossen</translation>
    </message>
    <message>
        <source>Open %1 now?</source>
        <translation>%1 jetzt öffnen?</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>Ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Saving the slice</source>
        <translation>Schnitt wird gespeichert</translation>
    </message>
    <message>
        <source>Copied the image to the clipboard</source>
        <translation>Bild in die Zwischenablage kopiert</translation>
    </message>
    <message numerus="yes">
        <source>Exporting %n PNG file(s)</source>
        <translation>
            <numerusform>%n PNG-Datei wird exportiert</numerusform>
            <numerusform>%n PNG-Dateien werden exportiert</numerusform>
        </translation>
    </message>
    <message>
        <source>Rendering the contact sheet</source>
        <translation>Kontaktabzug wird erstellt</translation>
    </message>
    <message>
        <source>Writing the sprite sheet</source>
        <translation>Sprite-Sheet wird geschrieben</translation>
    </message>
    <message>
        <source>Writing the slice</source>
        <translation>Schnitt wird geschrieben</translation>
    </message>
    <message numerus="yes">
        <source>Writing %n record(s)</source>
        <translation>
            <numerusform>%n Eintrag wird geschrieben</numerusform>
            <numerusform>%n Einträge werden geschrieben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Writing a subset of %n record(s)</source>
        <translation>
            <numerusform>Teilmenge mit %n Eintrag wird geschrieben</numerusform>
            <numerusform>Teilmenge mit %n Einträgen wird geschrieben</numerusform>
        </translation>
    </message>
    <message>
        <source>Importing PNG images</source>
        <translation>PNG-Bilder werden importiert</translation>
    </message>
    <message>
        <source>Importing %1</source>
        <translation>%1 wird importiert</translation>
    </message>
</context>
<context>
    <name>idx::gui::ExportDialog</name>
    <message>
        <source>Export Sprite Sheet for the Projector</source>
        <translation>Sprite-Sheet für den Projector exportieren</translation>
    </message>
    <message>
        <source>Export Records as PNG Files</source>
        <translation>Einträge als PNG-Dateien exportieren</translation>
    </message>
    <message>
        <source>Writes sprite.png (a square grid, row-major) and metadata.tsv (one label per line) for the TensorBoard Projector.</source>
        <translation>Schreibt sprite.png (ein quadratisches Raster, zeilenweise) und metadata.tsv (ein Label pro Zeile) für den TensorBoard Projector.</translation>
    </message>
    <message>
        <source>Writes sprite.png (a square grid, row-major) and metadata.tsv (each record&apos;s label and class name) for the TensorBoard Projector.</source>
        <translation>Schreibt sprite.png (ein quadratisches Raster, zeilenweise) und metadata.tsv (Label und Klassenname jedes Eintrags) für den TensorBoard Projector.</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>F&amp;older:</source>
        <translation>&amp;Ordner:</translation>
    </message>
    <message>
        <source>Files are named INDEX_LABEL.png (zero-padded, as the command line names them). Existing files are never replaced without asking.</source>
        <translation>Die Dateien heißen INDEX_LABEL.png (mit führenden Nullen, wie auf der Kommandozeile). Vorhandene Dateien werden nie ohne Rückfrage ersetzt.</translation>
    </message>
    <message>
        <source>&amp;Name files by class (INDEX_NAME.png, such as %1)</source>
        <translation>Dateien nach &amp;Klasse benennen (INDEX_NAME.png, z. B. %1)</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>Choose a Folder</source>
        <translation>Ordner auswählen</translation>
    </message>
</context>
<context>
    <name>idx::gui::ExportJob</name>
    <message>
        <source>The job ended without a result.</source>
        <translation>Der Vorgang wurde ohne Ergebnis beendet.</translation>
    </message>
</context>
<context>
    <name>idx::gui::ExportPrompts</name>
    <message>
        <source>&amp;Copy Image</source>
        <translation>Bild &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>&amp;PNG Folder…</source>
        <translation>&amp;PNG-Ordner…</translation>
    </message>
    <message>
        <source>&amp;NumPy File (.npy)…</source>
        <translation>&amp;NumPy-Datei (.npy)…</translation>
    </message>
    <message>
        <source>Slice as PNG (&amp;Raw Values)…</source>
        <translation>Schnitt als PNG (&amp;Rohwerte)…</translation>
    </message>
    <message>
        <source>Slice as PNG (As &amp;Displayed)…</source>
        <translation>Schnitt als PNG (wie &amp;angezeigt)…</translation>
    </message>
    <message>
        <source>&amp;Records as PNG Files…</source>
        <translation>&amp;Einträge als PNG-Dateien…</translation>
    </message>
    <message>
        <source>&amp;Contact Sheet…</source>
        <translation>&amp;Kontaktabzug…</translation>
    </message>
    <message>
        <source>&amp;Sprite Sheet for TensorBoard Projector…</source>
        <translation>&amp;Sprite-Sheet für den TensorBoard Projector…</translation>
    </message>
    <message>
        <source>Slice as C&amp;SV…</source>
        <translation>Schnitt als &amp;CSV…</translation>
    </message>
    <message>
        <source>Slice as &amp;NumPy (.npy)…</source>
        <translation>Schnitt als &amp;NumPy (.npy)…</translation>
    </message>
    <message>
        <source>Selected Records as CS&amp;V…</source>
        <translation>Ausgewählte Einträge als CS&amp;V…</translation>
    </message>
    <message>
        <source>Selected Records as Num&amp;Py (.npy)…</source>
        <translation>Ausgewählte Einträge als Num&amp;Py (.npy)…</translation>
    </message>
    <message>
        <source>Su&amp;bset as IDX with Its Labels…</source>
        <translation>&amp;Teilmenge als IDX mit ihren Labels…</translation>
    </message>
    <message>
        <source>Copy Image</source>
        <translation>Bild kopieren</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Export</translation>
    </message>
    <message>
        <source>Open a valid IDX file first.</source>
        <translation>Öffnen Sie zuerst eine gültige IDX-Datei.</translation>
    </message>
    <message>
        <source>Save the Slice as Displayed</source>
        <translation>Schnitt wie angezeigt speichern</translation>
    </message>
    <message>
        <source>Save the Slice (Raw Values)</source>
        <translation>Schnitt speichern (Rohwerte)</translation>
    </message>
    <message>
        <source>File Exists</source>
        <translation>Datei existiert bereits</translation>
    </message>
    <message>
        <source>%1 exists already. Replace it?</source>
        <translation>%1 existiert bereits. Soll die Datei ersetzt werden?</translation>
    </message>
    <message>
        <source>&amp;Overwrite</source>
        <translation>Ü&amp;berschreiben</translation>
    </message>
    <message>
        <source>Save the Slice</source>
        <translation>Schnitt speichern</translation>
    </message>
    <message>
        <source>Save the Selected Records</source>
        <translation>Ausgewählte Einträge speichern</translation>
    </message>
    <message>
        <source>Export Subset</source>
        <translation>Teilmenge exportieren</translation>
    </message>
    <message>
        <source>Select records in the gallery or the table, or filter the gallery by label, to choose the records of the subset.</source>
        <translation>Wählen Sie Einträge in der Galerie oder der Tabelle aus oder filtern Sie die Galerie nach Label, um die Einträge der Teilmenge festzulegen.</translation>
    </message>
    <message numerus="yes">
        <source>Save the Subset (%n record(s))</source>
        <translation>
            <numerusform>Teilmenge speichern (%n Eintrag)</numerusform>
            <numerusform>Teilmenge speichern (%n Einträge)</numerusform>
        </translation>
    </message>
    <message>
        <source>The labels go to %1, which exists already. Replace it?</source>
        <translation>Die Labels werden in %1 geschrieben; diese Datei existiert bereits. Soll sie ersetzt werden?</translation>
    </message>
    <message>
        <source>Import a NumPy Array</source>
        <translation>NumPy-Array importieren</translation>
    </message>
    <message>
        <source>Save as IDX</source>
        <translation>Als IDX speichern</translation>
    </message>
</context>
<context>
    <name>idx::gui::GalleryModel</name>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Record %1, label %2</source>
        <translation>Eintrag %1, Label %2</translation>
    </message>
    <message>
        <source>Record %1</source>
        <translation>Eintrag %1</translation>
    </message>
</context>
<context>
    <name>idx::gui::GalleryView</name>
    <message>
        <source>Show only records of some classes</source>
        <translation>Nur Einträge bestimmter Klassen anzeigen</translation>
    </message>
    <message>
        <source>Go to </source>
        <translation>Gehe zu </translation>
    </message>
    <message>
        <source>Jump to a record index (Ctrl+G)</source>
        <translation>Zu einem Eintragsindex springen (Strg+G)</translation>
    </message>
    <message>
        <source>Thumbnail size</source>
        <translation>Größe der Vorschaubilder</translation>
    </message>
    <message>
        <source>The gallery shows only these records: click to show all</source>
        <translation>Die Galerie zeigt nur diese Einträge: Klicken, um alle anzuzeigen</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Show All Classes</source>
        <translation>Alle Klassen anzeigen</translation>
    </message>
    <message>
        <source>Class %1 (%2)</source>
        <translation>Klasse %1 (%2)</translation>
    </message>
    <message>
        <source>Labels: all</source>
        <translation>Labels: alle</translation>
    </message>
    <message numerus="yes">
        <source>Labels: %1 (%n records)</source>
        <translation>
            <numerusform>Labels: %1 (%n Eintrag)</numerusform>
            <numerusform>Labels: %1 (%n Einträge)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Only %1 (%n records) ✕</source>
        <translation>
            <numerusform>Nur %1 (%n Eintrag) ✕</numerusform>
            <numerusform>Nur %1 (%n Einträge) ✕</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::HeaderPanel</name>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>%L1 bytes</source>
        <translation>%L1 Bytes</translation>
    </message>
    <message>
        <source>%1 (%L2 bytes)</source>
        <translation>%1 (%L2 Bytes)</translation>
    </message>
    <message>
        <source>(scalar)</source>
        <translation>(Skalar)</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Container</source>
        <translation>Container</translation>
    </message>
    <message>
        <source>Size on disk</source>
        <translation>Größe auf dem Datenträger</translation>
    </message>
    <message>
        <source>Decompressed</source>
        <translation>Entpackt</translation>
    </message>
    <message>
        <source>Header</source>
        <translation>Header</translation>
    </message>
    <message>
        <source>Magic</source>
        <translation>Magic</translation>
    </message>
    <message>
        <source>Type code</source>
        <translation>Typcode</translation>
    </message>
    <message>
        <source>Element type</source>
        <translation>Elementtyp</translation>
    </message>
    <message>
        <source>Read as</source>
        <translation>Gelesen als</translation>
    </message>
    <message>
        <source>Element size</source>
        <translation>Elementgröße</translation>
    </message>
    <message>
        <source>Dimensions</source>
        <translation>Dimensionen</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Trailing</source>
        <translation>Überzählig</translation>
    </message>
    <message>
        <source>Records loaded</source>
        <translation>Geladene Einträge</translation>
    </message>
    <message>
        <source>Byte order</source>
        <translation>Bytereihenfolge</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <source>Read data as little-endian</source>
        <translation>Daten als little-endian lesen</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <source>Companion</source>
        <translation>Begleitdatei</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Attach a labels file by hand</source>
        <translation>Eine Labeldatei manuell anhängen</translation>
    </message>
    <message>
        <source>Detach</source>
        <translation>Lösen</translation>
    </message>
    <message>
        <source>Detach Labels</source>
        <translation>Labels lösen</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <source>%1 (%2, %3), read as IDX; edits are saved as IDX (Save As)</source>
        <translation>%1 (%2, %3), als IDX gelesen; Änderungen werden als IDX gespeichert (Speichern unter)</translation>
    </message>
    <message>
        <source>column-major</source>
        <translation>spaltenweise</translation>
    </message>
    <message>
        <source>row-major</source>
        <translation>zeilenweise</translation>
    </message>
    <message>
        <source>%1 (%2)%3</source>
        <translation>%1 (%2)%3</translation>
    </message>
    <message>
        <source>; edited since, not saved</source>
        <translation>; seitdem bearbeitet, nicht gespeichert</translation>
    </message>
    <message>
        <source>checked once loaded</source>
        <translation>wird nach dem Laden geprüft</translation>
    </message>
    <message>
        <source>not recognised (by its content, nor by its labels file&apos;s)</source>
        <translation>nicht erkannt (weder am Inhalt noch an dem der Labeldatei)</translation>
    </message>
    <message>
        <source>not recognised by its content (a labels file beside it would tell more: MNIST&apos;s images are known by their labels)</source>
        <translation>am Inhalt nicht erkannt (eine Labeldatei daneben würde mehr verraten: MNIST-Bilder erkennt man an ihren Labels)</translation>
    </message>
    <message>
        <source>%1 (compressed)</source>
        <translation>%1 (komprimiert)</translation>
    </message>
    <message>
        <source>zip archive (an array inside it)</source>
        <translation>zip-Archiv (mit einem Array darin)</translation>
    </message>
    <message>
        <source>raw</source>
        <translation>unkomprimiert</translation>
    </message>
    <message>
        <source>raw (mapped)</source>
        <translation>unkomprimiert (in den Speicher eingeblendet)</translation>
    </message>
    <message>
        <source> — %1 : 1</source>
        <translation> — %1 : 1</translation>
    </message>
    <message>
        <source>— (not compressed)</source>
        <translation>— (nicht komprimiert)</translation>
    </message>
    <message>
        <source>%1 as IDX (the file itself starts %2)</source>
        <translation>%1 als IDX (die Datei selbst beginnt mit %2)</translation>
    </message>
    <message>
        <source>%1 (the compressed file&apos;s first bytes)</source>
        <translation>%1 (die ersten Bytes der komprimierten Datei)</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>as written</source>
        <translation>wie geschrieben</translation>
    </message>
    <message>
        <source>%1 (the file&apos;s type code is 0x%2)</source>
        <translation>%1 (der Typcode der Datei ist 0x%2)</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n Byte</numerusform>
            <numerusform>%n Bytes</numerusform>
        </translation>
    </message>
    <message>
        <source>known once loaded</source>
        <translation>nach dem Laden bekannt</translation>
    </message>
    <message>
        <source>%L1 of %L2</source>
        <translation>%L1 von %L2</translation>
    </message>
    <message>
        <source>A %1 file names its byte order in its header: it is read as written</source>
        <translation>Eine Datei im Format %1 gibt ihre Bytereihenfolge im Header an: Sie wird so gelesen, wie sie geschrieben wurde</translation>
    </message>
    <message>
        <source>For files whose writer put little-endian values behind the big-endian header</source>
        <translation>Für Dateien, deren Erzeuger little-endian-Werte hinter den big-endian-Header geschrieben hat</translation>
    </message>
    <message>
        <source>%1
%L2 labels loaded</source>
        <translation>%1
%L2 Labels geladen</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>No problems found.</source>
        <translation>Keine Probleme gefunden.</translation>
    </message>
</context>
<context>
    <name>idx::gui::HexView</name>
    <message>
        <source>First bytes of the file</source>
        <translation>Erste Bytes der Datei</translation>
    </message>
    <message>
        <source>(the file is empty or could not be read)</source>
        <translation>(die Datei ist leer oder konnte nicht gelesen werden)</translation>
    </message>
</context>
<context>
    <name>idx::gui::HistogramWidget</name>
    <message>
        <source>log</source>
        <translation>log</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1: 1 value</source>
        <translation>%1: 1 Wert</translation>
    </message>
    <message>
        <source>%1: %2 values</source>
        <translation>%1: %2 Werte</translation>
    </message>
    <message>
        <source> (its bar is cut: the axis is scaled to the other bins)</source>
        <translation> (Balken gekappt: Die Achse ist an die übrigen Intervalle angepasst)</translation>
    </message>
    <message>
        <source>
Drag across the histogram to set the display window</source>
        <translation>
Über das Histogramm ziehen, um das Anzeigefenster festzulegen</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>No finite values</source>
        <translation>Keine endlichen Werte</translation>
    </message>
    <message>
        <source>%1 (cut)</source>
        <translation>%1 (gekappt)</translation>
    </message>
    <message>
        <source>updating…</source>
        <translation>wird aktualisiert…</translation>
    </message>
    <message>
        <source>Drag across the histogram to set the display window</source>
        <translation>Über das Histogramm ziehen, um das Anzeigefenster festzulegen</translation>
    </message>
</context>
<context>
    <name>idx::gui::ImageControls</name>
    <message>
        <source>Gray</source>
        <translation>Grau</translation>
    </message>
    <message>
        <source>Viridis</source>
        <translation>Viridis</translation>
    </message>
    <message>
        <source>Magma</source>
        <translation>Magma</translation>
    </message>
    <message>
        <source>Diverging</source>
        <translation>Divergierend</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Fit the image in the view (Ctrl+0)</source>
        <translation>Bild in die Ansicht einpassen (Strg+0)</translation>
    </message>
    <message>
        <source>1:1</source>
        <translation>1:1</translation>
    </message>
    <message>
        <source>One image pixel per screen pixel (0)</source>
        <translation>Ein Bildpixel pro Bildschirmpixel (0)</translation>
    </message>
    <message>
        <source>−</source>
        <translation>−</translation>
    </message>
    <message>
        <source>Zoom out (−)</source>
        <translation>Verkleinern (−)</translation>
    </message>
    <message>
        <source>+</source>
        <translation>+</translation>
    </message>
    <message>
        <source>Zoom in (+)</source>
        <translation>Vergrößern (+)</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1&#xa0;%</translation>
    </message>
    <message>
        <source>Colormap</source>
        <translation>Farbskala</translation>
    </message>
    <message>
        <source>Invert</source>
        <translation>Invertieren</translation>
    </message>
    <message>
        <source>Swap dark and light</source>
        <translation>Hell und Dunkel vertauschen</translation>
    </message>
    <message>
        <source>Window </source>
        <translation>Fenster </translation>
    </message>
    <message>
        <source>Window: the value range mapped from black to white</source>
        <translation>Fenster: der Wertebereich, der von Schwarz bis Weiß abgebildet wird</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Auto: slice</source>
        <translation>Auto: Schnitt</translation>
    </message>
    <message>
        <source>Auto: tensor</source>
        <translation>Auto: Tensor</translation>
    </message>
    <message>
        <source>Manual</source>
        <translation>Manuell</translation>
    </message>
    <message>
        <source>Lowest value of the window (shown black)</source>
        <translation>Niedrigster Wert des Fensters (wird schwarz dargestellt)</translation>
    </message>
    <message>
        <source> – </source>
        <translation> – </translation>
    </message>
    <message>
        <source>Highest value of the window (shown white)</source>
        <translation>Höchster Wert des Fensters (wird weiß dargestellt)</translation>
    </message>
    <message>
        <source>Recommended for signed data</source>
        <translation>Empfohlen für vorzeichenbehaftete Daten</translation>
    </message>
</context>
<context>
    <name>idx::gui::ImageOptionsBox</name>
    <message>
        <source>Pixels</source>
        <translation>Pixel</translation>
    </message>
    <message>
        <source>&amp;Invert</source>
        <translation>&amp;Invertieren</translation>
    </message>
    <message>
        <source>As displayed (%1 to %2)</source>
        <translation>Wie angezeigt (%1 bis %2)</translation>
    </message>
    <message>
        <source>Default for the data (uint8 unchanged)</source>
        <translation>Standard für die Daten (uint8 unverändert)</translation>
    </message>
    <message>
        <source>×</source>
        <translation>×</translation>
    </message>
    <message>
        <source>&amp;Colormap:</source>
        <translation>&amp;Farbskala:</translation>
    </message>
    <message>
        <source>&amp;Window:</source>
        <translation>Fe&amp;nster:</translation>
    </message>
    <message>
        <source>&amp;Scale:</source>
        <translation>S&amp;kalierung:</translation>
    </message>
</context>
<context>
    <name>idx::gui::ImageView</name>
    <message>
        <source>Image</source>
        <translation>Bild</translation>
    </message>
</context>
<context>
    <name>idx::gui::ImportDialog</name>
    <message>
        <source>Import PNG Folder</source>
        <translation>PNG-Ordner importieren</translation>
    </message>
    <message>
        <source>PNG &amp;folder:</source>
        <translation>PNG-&amp;Ordner:</translation>
    </message>
    <message>
        <source>&amp;Images file:</source>
        <translation>&amp;Bilddatei:</translation>
    </message>
    <message>
        <source>From the file names (NAME_LABEL.png)</source>
        <translation>Aus den Dateinamen (NAME_LABEL.png)</translation>
    </message>
    <message>
        <source>From a CSV file (filename,label)</source>
        <translation>Aus einer CSV-Datei (filename,label)</translation>
    </message>
    <message>
        <source>No labels</source>
        <translation>Keine Labels</translation>
    </message>
    <message>
        <source>&amp;Labels:</source>
        <translation>&amp;Labels:</translation>
    </message>
    <message>
        <source>&amp;CSV file:</source>
        <translation>&amp;CSV-Datei:</translation>
    </message>
    <message>
        <source>La&amp;bels file:</source>
        <translation>Label&amp;datei:</translation>
    </message>
    <message>
        <source>Compress with &amp;gzip (.gz)</source>
        <translation>Mit &amp;gzip komprimieren (.gz)</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Folder of PNG Images</source>
        <translation>Ordner mit PNG-Bildern</translation>
    </message>
    <message>
        <source>Labels CSV</source>
        <translation>CSV-Datei mit Labels</translation>
    </message>
    <message>
        <source>IDX File to Write</source>
        <translation>Zu schreibende IDX-Datei</translation>
    </message>
</context>
<context>
    <name>idx::gui::InsightsController</name>
    <message>
        <source>Finding duplicates, label suspects and outliers…</source>
        <translation>Duplikate, verdächtige Labels und Ausreißer werden gesucht…</translation>
    </message>
    <message>
        <source>The records changed: the insights follow once the edits settle.</source>
        <translation>Die Einträge haben sich geändert: Die Erkenntnisse folgen, sobald die Änderungen abgeschlossen sind.</translation>
    </message>
    <message>
        <source>it is not an IDX file</source>
        <translation>sie ist keine IDX-Datei</translation>
    </message>
    <message>
        <source>its records have %1 values, this file&apos;s %2</source>
        <translation>ihre Einträge haben %1 Werte, die dieser Datei %2</translation>
    </message>
    <message>
        <source>Insights compare records of several values (images); this file holds one value per record.</source>
        <translation>Die Erkenntnisse vergleichen Einträge aus mehreren Werten (Bildern); diese Datei enthält einen Wert pro Eintrag.</translation>
    </message>
    <message>
        <source>Insights need at least two records.</source>
        <translation>Für Erkenntnisse sind mindestens zwei Einträge nötig.</translation>
    </message>
    <message>
        <source>%1 is left out: %2.</source>
        <translation>%1 bleibt unberücksichtigt: %2.</translation>
    </message>
    <message>
        <source>it could not be read</source>
        <translation>sie konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>Stopped: Find Again computes them.</source>
        <translation>Angehalten: „Erneut suchen“ berechnet die Erkenntnisse.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Record %1 is in %2: open that file to change its label.</source>
        <translation>Eintrag %1 liegt in %2: Öffnen Sie diese Datei, um sein Label zu ändern.</translation>
    </message>
    <message>
        <source>%1 records to compare: that takes a while. Find Again starts it.</source>
        <translation>%1 Einträge zu vergleichen: Das dauert eine Weile. „Erneut suchen“ startet es.</translation>
    </message>
</context>
<context>
    <name>idx::gui::InsightsModel</name>
    <message>
        <source>record %1</source>
        <translation>Eintrag %1</translation>
    </message>
    <message>
        <source>record %1 of %2</source>
        <translation>Eintrag %1 aus %2</translation>
    </message>
    <message>
        <source>records of %1</source>
        <translation>Einträge aus %1</translation>
    </message>
    <message>
        <source>records</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>Equal records: %1</source>
        <translation>Gleiche Einträge: %1</translation>
    </message>
    <message>
        <source>Nearly equal: %1 and %2, %3 apart (typical neighbours: %4)</source>
        <translation>Fast gleich: %1 und %2, Abstand %3 (typisch unter Nachbarn: %4)</translation>
    </message>
    <message>
        <source>%1: %2× the usual distance to its nearest records</source>
        <translation>%1: Abstand zu den nächsten Einträgen %2× so groß wie üblich</translation>
    </message>
    <message>
        <source>%1 — reviewed</source>
        <translation>%1 — geprüft</translation>
    </message>
    <message>
        <source>%1
Shown: %2</source>
        <translation>%1
Angezeigt: %2</translation>
    </message>
    <message>
        <source>%1: labelled %2; its %3 nearest %4 vote %5 (%6% of the votes, the nearest weighing most)</source>
        <translation>%1: beschriftet %2; seine %3 nächsten %4 stimmen für %5 (%6&#xa0;% der Stimmen, die nächsten zählen am meisten)</translation>
    </message>
    <message>
        <source>%1: labelled %2; its %3 nearest records favour %4</source>
        <translation>%1: beschriftet %2; seine %3 nächsten Einträge bevorzugen %4</translation>
    </message>
    <message>
        <source>%1 — a suspected label (%2% of the votes)</source>
        <translation>%1 — ein verdächtiges Label (%2&#xa0;% der Stimmen)</translation>
    </message>
</context>
<context>
    <name>idx::gui::InsightsPanel</name>
    <message>
        <source>Find Again</source>
        <translation>Erneut suchen</translation>
    </message>
    <message>
        <source>Audit the file again from the start</source>
        <translation>Die Datei noch einmal von vorn prüfen</translation>
    </message>
    <message>
        <source>Other Split</source>
        <translation>Anderer Split</translation>
    </message>
    <message>
        <source>Choose Other Split…</source>
        <translation>Anderen Split wählen…</translation>
    </message>
    <message>
        <source>Audit This File Alone</source>
        <translation>Nur diese Datei prüfen</translation>
    </message>
    <message>
        <source>Audit against the other split of the dataset (a training or a test file): records found in both, and test records whose training neighbours carry another label</source>
        <translation>Gegen den anderen Split des Datensatzes (eine Trainings- oder Testdatei) prüfen: Einträge, die in beiden vorkommen, und Testeinträge, deren Trainingsnachbarn ein anderes Label tragen</translation>
    </message>
    <message>
        <source>A: accept the suggested label · R: reviewed · F: only these in the gallery · Enter: show</source>
        <translation>A: vorgeschlagenes Label übernehmen · R: geprüft · F: nur diese in der Galerie · Eingabe: anzeigen</translation>
    </message>
    <message>
        <source>Accept Suggested Label</source>
        <translation>Vorgeschlagenes Label übernehmen</translation>
    </message>
    <message>
        <source>Mark Reviewed</source>
        <translation>Als geprüft markieren</translation>
    </message>
    <message>
        <source>Only These in the Gallery</source>
        <translation>Nur diese in der Galerie</translation>
    </message>
    <message>
        <source>Insights follow once the file is loaded.</source>
        <translation>Die Erkenntnisse folgen, sobald die Datei geladen ist.</translation>
    </message>
    <message>
        <source>Comparing every record with every other…</source>
        <translation>Jeder Eintrag wird mit jedem anderen verglichen…</translation>
    </message>
    <message>
        <source>%1 nearest neighbours per record on %2 principal components (%3% of the variance)%4.</source>
        <translation>%1 nächste Nachbarn je Eintrag auf %2 Hauptkomponenten (%3&#xa0;% der Varianz)%4.</translation>
    </message>
    <message>
        <source>; against %1</source>
        <translation>; gegen %1</translation>
    </message>
    <message>
        <source>suspected labels</source>
        <translation>verdächtige Labels</translation>
    </message>
    <message>
        <source>duplicates</source>
        <translation>Duplikate</translation>
    </message>
    <message>
        <source>outliers</source>
        <translation>Ausreißer</translation>
    </message>
    <message>
        <source>leakage</source>
        <translation>Datenlecks</translation>
    </message>
    <message>
        <source>Suspected labels (%1)</source>
        <translation>Verdächtige Labels (%1)</translation>
    </message>
    <message>
        <source>Duplicates (%1)</source>
        <translation>Duplikate (%1)</translation>
    </message>
    <message>
        <source>Outliers (%1)</source>
        <translation>Ausreißer (%1)</translation>
    </message>
    <message>
        <source>Leakage (%1)</source>
        <translation>Datenlecks (%1)</translation>
    </message>
    <message>
        <source>Choose a suspected label first.</source>
        <translation>Wählen Sie zuerst ein verdächtiges Label aus.</translation>
    </message>
    <message>
        <source>Record %1 labelled %2 (Undo reverts it).</source>
        <translation>Eintrag %1 hat jetzt das Label %2 (mit Rückgängig widerrufbar).</translation>
    </message>
    <message>
        <source>This list has no records of this file.</source>
        <translation>Diese Liste enthält keine Einträge dieser Datei.</translation>
    </message>
    <message>
        <source>Insights</source>
        <translation>Erkenntnisse</translation>
    </message>
    <message>
        <source>Overlap (%1)</source>
        <translation>Überlappung (%1)</translation>
    </message>
    <message>
        <source>Class overlap: records whose nearest neighbours favour another class than their own, class by class</source>
        <translation>Klassenüberlappung: Einträge, deren nächste Nachbarn eine andere Klasse als ihre eigene bevorzugen, Klasse für Klasse</translation>
    </message>
    <message>
        <source>Arrows: choose a cell · Enter: its records · A: accept the suggested label (of a suspected one) · R: reviewed · F: only this cell&apos;s records in the gallery</source>
        <translation>Pfeiltasten: Zelle wählen · Eingabe: ihre Einträge · A: vorgeschlagenes Label übernehmen (bei verdächtigen) · R: geprüft · F: nur die Einträge dieser Zelle in der Galerie</translation>
    </message>
    <message>
        <source>Record %1 is not a suspected label: its own class keeps more than %2% of its neighbours&apos; votes.</source>
        <translation>Eintrag %1 hat kein verdächtiges Label: Seine eigene Klasse hält mehr als %2&#xa0;% der Stimmen seiner Nachbarn.</translation>
    </message>
    <message>
        <source>Choose a cell of the class table first.</source>
        <translation>Wählen Sie zuerst eine Zelle der Klassentabelle aus.</translation>
    </message>
    <message>
        <source>Finding each of the %1 records&apos; nearest neighbours (approximately, as in a large file)…</source>
        <translation>Sucht die nächsten Nachbarn jedes der %1 Einträge (näherungsweise, wie bei großen Dateien) …</translation>
    </message>
    <message>
        <source>Searched approximately: %1% of the true neighbours found (measured on %2 records).</source>
        <translation>Näherungsweise gesucht: %1 % der wahren Nachbarn gefunden (gemessen an %2 Einträgen).</translation>
    </message>
</context>
<context>
    <name>idx::gui::JobBase</name>
    <message>
        <source>Stopped by an unexpected error: %1</source>
        <translation>Durch einen unerwarteten Fehler angehalten: %1</translation>
    </message>
    <message>
        <source>Stopped by an unexpected error.</source>
        <translation>Durch einen unerwarteten Fehler angehalten.</translation>
    </message>
</context>
<context>
    <name>idx::gui::JobProgress</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>idx::gui::JournalRecovery</name>
    <message>
        <source>Unsaved edits are not protected against a crash: the journal cannot be written (%1). Save to keep them.</source>
        <translation>Ungespeicherte Änderungen sind nicht vor einem Absturz geschützt: Das Journal kann nicht geschrieben werden (%1). Speichern Sie, um sie zu behalten.</translation>
    </message>
    <message>
        <source>Unsaved edits from a previous session were found.</source>
        <translation>Ungespeicherte Änderungen aus einer früheren Sitzung wurden gefunden.</translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>There are no unsaved edits to recover.</source>
        <translation>Es gibt keine ungespeicherten Änderungen, die wiederhergestellt werden könnten.</translation>
    </message>
    <message>
        <source>Recovery replays onto the file as it was opened: undo the edits made since first.</source>
        <translation>Die Wiederherstellung setzt auf der Datei im Zustand beim Öffnen auf: Machen Sie zuerst die seitdem vorgenommenen Änderungen rückgängig.</translation>
    </message>
    <message>
        <source>Recover Unsaved Edits</source>
        <translation>Ungespeicherte Änderungen wiederherstellen</translation>
    </message>
    <message>
        <source>Recovered Edit</source>
        <translation>Wiederhergestellte Änderung</translation>
    </message>
    <message numerus="yes">
        <source>Recovered %n edits. %1</source>
        <translation>
            <numerusform>%n Änderung wiederhergestellt. %1</numerusform>
            <numerusform>%n Änderungen wiederhergestellt. %1</numerusform>
        </translation>
    </message>
    <message>
        <source>The journal held no usable edits.</source>
        <translation>Das Journal enthielt keine verwendbaren Änderungen.</translation>
    </message>
</context>
<context>
    <name>idx::gui::MainWindow</name>
    <message>
        <source>Stop loading; the records read so far stay available</source>
        <translation>Laden abbrechen; die bereits gelesenen Einträge bleiben verfügbar</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation>E&amp;xportieren</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Gehe zu</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Sample</source>
        <translation>Bei&amp;spiel öffnen</translation>
    </message>
    <message>
        <source>Attach &amp;Labels…</source>
        <translation>Labels an&amp;hängen…</translation>
    </message>
    <message>
        <source>&amp;Detach Labels</source>
        <translation>Labels &amp;lösen</translation>
    </message>
    <message>
        <source>Detach Labels</source>
        <translation>Labels lösen</translation>
    </message>
    <message>
        <source>Class &amp;Names…</source>
        <translation>&amp;Klassennamen…</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>&amp;Neu laden</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>S&amp;chließen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>F&amp;ull Screen</source>
        <translation>&amp;Vollbild</translation>
    </message>
    <message>
        <source>&amp;About IdxScope</source>
        <translation>&amp;Über IdxScope</translation>
    </message>
    <message>
        <source>About IdxScope</source>
        <translation>Über IdxScope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;IdxScope %1&lt;/h3&gt;&lt;p&gt;An inspector for IDX tensor files (MNIST and family).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;IdxScope %1&lt;/h3&gt;&lt;p&gt;Ein Inspektor für IDX-Tensordateien (MNIST und verwandte Datensätze).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open IDX Files</source>
        <translation>IDX-Dateien öffnen</translation>
    </message>
    <message>
        <source>Attach Labels File</source>
        <translation>Labeldatei anhängen</translation>
    </message>
    <message>
        <source>IDX files</source>
        <translation>IDX-Dateien</translation>
    </message>
</context>
<context>
    <name>idx::gui::MapController</name>
    <message>
        <source>Laying out the map…</source>
        <translation>Die Karte wird angeordnet…</translation>
    </message>
    <message>
        <source>Exporting the map…</source>
        <translation>Die Karte wird exportiert…</translation>
    </message>
    <message>
        <source>The records changed: the map follows once the edits settle.</source>
        <translation>Die Einträge haben sich geändert: Die Karte folgt, sobald die Änderungen abgeschlossen sind.</translation>
    </message>
    <message>
        <source>The map places records of several values (images); this file holds one value per record.</source>
        <translation>Die Karte platziert Einträge aus mehreren Werten (Bildern); diese Datei enthält einen Wert pro Eintrag.</translation>
    </message>
    <message>
        <source>A map needs at least three records.</source>
        <translation>Eine Karte benötigt mindestens drei Einträge.</translation>
    </message>
    <message>
        <source>%1 records to lay out: that takes a while. Make Map starts it.</source>
        <translation>%1 Einträge anzuordnen: Das dauert eine Weile. „Karte erstellen“ startet den Vorgang.</translation>
    </message>
    <message>
        <source>not enough memory for the map of these records</source>
        <translation>nicht genug Arbeitsspeicher für die Karte dieser Einträge</translation>
    </message>
    <message>
        <source>Stopped: Make Map lays it out again.</source>
        <translation>Angehalten: „Karte erstellen“ ordnet die Karte neu an.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>not enough memory for an image of %1 × %2 pixels</source>
        <translation>nicht genug Arbeitsspeicher für ein Bild mit %1 × %2 Pixeln</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Waiting for the insights&apos; neighbour search, which the map shares…</source>
        <translation>Wartet auf die Nachbarsuche der Einblicke, die die Karte mitbenutzt …</translation>
    </message>
</context>
<context>
    <name>idx::gui::MapPanel</name>
    <message>
        <source>Make Map</source>
        <translation>Karte erstellen</translation>
    </message>
    <message>
        <source>Lay the map out again from the start</source>
        <translation>Die Karte noch einmal von vorn anordnen</translation>
    </message>
    <message>
        <source>Colour by Class</source>
        <translation>Nach Klasse färben</translation>
    </message>
    <message>
        <source>Colour by File</source>
        <translation>Nach Datei färben</translation>
    </message>
    <message>
        <source>With Other Split</source>
        <translation>Mit anderem Split</translation>
    </message>
    <message>
        <source>Lay out the other split of the dataset (found by the insights) with this file</source>
        <translation>Den anderen Split des Datensatzes (von den Erkenntnissen gefunden) zusammen mit dieser Datei anordnen</translation>
    </message>
    <message>
        <source>Mark Findings</source>
        <translation>Befunde markieren</translation>
    </message>
    <message>
        <source>Ring the suspected label errors and the duplicates the insights found</source>
        <translation>Die vermuteten Labelfehler und die Duplikate, die die Erkenntnisse gefunden haben, einkreisen</translation>
    </message>
    <message>
        <source>Rectangle</source>
        <translation>Rechteck</translation>
    </message>
    <message>
        <source>Drag a rectangle around points to select them (Shift adds)</source>
        <translation>Ein Rechteck um Punkte ziehen, um sie auszuwählen (Umschalt fügt hinzu)</translation>
    </message>
    <message>
        <source>Lasso</source>
        <translation>Lasso</translation>
    </message>
    <message>
        <source>Draw around points to select them (Shift adds)</source>
        <translation>Um Punkte herum zeichnen, um sie auszuwählen (Umschalt fügt hinzu)</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>Verschieben</translation>
    </message>
    <message>
        <source>Drag to move the map (the middle button pans with any tool)</source>
        <translation>Ziehen, um die Karte zu verschieben (die mittlere Maustaste verschiebt mit jedem Werkzeug)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Show every point</source>
        <translation>Alle Punkte zeigen</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Map as Image (PNG or SVG)…</source>
        <translation>Karte als Bild (PNG oder SVG)…</translation>
    </message>
    <message>
        <source>Export Map</source>
        <translation>Karte exportieren</translation>
    </message>
    <message>
        <source>Coordinates (CSV or .npy)…</source>
        <translation>Koordinaten (CSV oder .npy)…</translation>
    </message>
    <message>
        <source>Export Map Coordinates</source>
        <translation>Kartenkoordinaten exportieren</translation>
    </message>
    <message>
        <source>Only These in Gallery</source>
        <translation>Nur diese in der Galerie</translation>
    </message>
    <message>
        <source>Keep the gallery to the selected records (the gallery&apos;s button shows all again)</source>
        <translation>Die Galerie auf die ausgewählten Einträge beschränken (die Schaltfläche der Galerie zeigt wieder alle)</translation>
    </message>
    <message>
        <source>Select in Gallery</source>
        <translation>In Galerie auswählen</translation>
    </message>
    <message>
        <source>Select these records in the gallery: export, delete or label them there</source>
        <translation>Diese Einträge in der Galerie auswählen, um sie dort zu exportieren, zu löschen oder mit einem Label zu versehen</translation>
    </message>
    <message>
        <source>Label…</source>
        <translation>Label setzen…</translation>
    </message>
    <message>
        <source>Give the selected records one label (an undoable edit)</source>
        <translation>Den ausgewählten Einträgen ein gemeinsames Label geben (eine Änderung, die rückgängig gemacht werden kann)</translation>
    </message>
    <message>
        <source>Record %1 of %2 (the other split: not in this file)</source>
        <translation>Eintrag %1 aus %2 (der andere Split: nicht in dieser Datei)</translation>
    </message>
    <message>
        <source>Map written to %1</source>
        <translation>Karte in %1 geschrieben</translation>
    </message>
    <message>
        <source>%1 was not written: %2</source>
        <translation>%1 wurde nicht geschrieben: %2</translation>
    </message>
    <message>
        <source>The map follows once the file is loaded.</source>
        <translation>Die Karte folgt, sobald die Datei geladen ist.</translation>
    </message>
    <message>
        <source>%1 records: settling…</source>
        <translation>%1 Einträge: Anordnung wird stabilisiert…</translation>
    </message>
    <message>
        <source>Finding each record&apos;s neighbours…</source>
        <translation>Die Nachbarn jedes Eintrags werden gesucht…</translation>
    </message>
    <message>
        <source>%1 records%2; similar records lie close together.</source>
        <translation>%1 Einträge%2; ähnliche Einträge liegen nahe beieinander.</translation>
    </message>
    <message>
        <source>, with %1</source>
        <translation>, zusammen mit %1</translation>
    </message>
    <message>
        <source>Drag around points to select them; click one to show its record.</source>
        <translation>Um Punkte herum ziehen, um sie auszuwählen; auf einen klicken, um seinen Eintrag anzuzeigen.</translation>
    </message>
    <message>
        <source>1 record selected</source>
        <translation>1 Eintrag ausgewählt</translation>
    </message>
    <message>
        <source>%1 records selected</source>
        <translation>%1 Einträge ausgewählt</translation>
    </message>
    <message>
        <source>%1 selected, %2 of them in this file</source>
        <translation>%1 ausgewählt, davon %2 in dieser Datei</translation>
    </message>
    <message>
        <source>The labels are still loading.</source>
        <translation>Die Labels werden noch geladen.</translation>
    </message>
    <message>
        <source>This file has no labels: attach a labels file to edit them.</source>
        <translation>Diese Datei hat keine Labels: Hängen Sie eine Labeldatei an, um die Labels zu bearbeiten.</translation>
    </message>
    <message>
        <source>chosen on the map</source>
        <translation>auf der Karte ausgewählte</translation>
    </message>
    <message>
        <source>%1 was not written: another export is running, or the map is not final yet.</source>
        <translation>%1 wurde nicht geschrieben: Ein anderer Export läuft oder die Karte ist noch nicht fertig.</translation>
    </message>
    <message>
        <source>CSV, columns record,x,y</source>
        <translation>CSV, Spalten record,x,y</translation>
    </message>
    <message>
        <source>Map</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>Dataset &amp;Map</source>
        <translation>&amp;Datensatzkarte</translation>
    </message>
</context>
<context>
    <name>idx::gui::MapView</name>
    <message>
        <source>Record %1</source>
        <translation>Eintrag %1</translation>
    </message>
    <message>
        <source>%1, record %2</source>
        <translation>%1, Eintrag %2</translation>
    </message>
    <message>
        <source>Label %1</source>
        <translation>Label %1</translation>
    </message>
</context>
<context>
    <name>idx::gui::MeanImages</name>
    <message>
        <source>No mean images</source>
        <translation>Keine Mittelwertbilder</translation>
    </message>
</context>
<context>
    <name>idx::gui::NavigationPanel</name>
    <message>
        <source>Image rows / columns:</source>
        <translation>Bildzeilen / -spalten:</translation>
    </message>
    <message>
        <source>Treat last axis as RGB channels</source>
        <translation>Letzte Achse als RGB-Kanäle behandeln</translation>
    </message>
    <message>
        <source>Transpose</source>
        <translation>Transponieren</translation>
    </message>
    <message>
        <source>Swap the image&apos;s rows and columns (EMNIST is stored transposed)</source>
        <translation>Zeilen und Spalten des Bildes vertauschen (EMNIST ist transponiert gespeichert)</translation>
    </message>
    <message>
        <source>Flip H</source>
        <translation>H spiegeln</translation>
    </message>
    <message>
        <source>Mirror the image left to right</source>
        <translation>Bild von links nach rechts spiegeln</translation>
    </message>
    <message>
        <source>Flip V</source>
        <translation>V spiegeln</translation>
    </message>
    <message>
        <source>Mirror the image top to bottom</source>
        <translation>Bild von oben nach unten spiegeln</translation>
    </message>
    <message>
        <source>The whole tensor is one image: nothing to navigate.</source>
        <translation>Der gesamte Tensor ist ein einziges Bild: Es gibt nichts zu navigieren.</translation>
    </message>
    <message>
        <source>Axis shown as the image&apos;s rows</source>
        <translation>Achse, die als Bildzeilen angezeigt wird</translation>
    </message>
    <message>
        <source>Axis shown as the image&apos;s columns</source>
        <translation>Achse, die als Bildspalten angezeigt wird</translation>
    </message>
    <message>
        <source>— (one row)</source>
        <translation>— (eine Zeile)</translation>
    </message>
    <message>
        <source>Axis %1 (%2)</source>
        <translation>Achse %1 (%2)</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Axis %1</source>
        <translation>Achse %1</translation>
    </message>
    <message>
        <source>«</source>
        <translation>«</translation>
    </message>
    <message>
        <source>First</source>
        <translation>Zum Anfang</translation>
    </message>
    <message>
        <source>‹</source>
        <translation>‹</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>›</source>
        <translation>›</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>»</source>
        <translation>»</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>Zum Ende</translation>
    </message>
    <message>
        <source>%1 stores each image transposed: they are shown upright. Uncheck to see them as stored.</source>
        <translation>%1 speichert jedes Bild transponiert: Die Bilder werden aufrecht angezeigt. Deaktivieren Sie die Option, um sie so zu sehen, wie sie gespeichert sind.</translation>
    </message>
    <message>
        <source>Navigation</source>
        <translation>Navigation</translation>
    </message>
</context>
<context>
    <name>idx::gui::NoticeBar</name>
    <message>
        <source>Hide this message</source>
        <translation>Diese Meldung ausblenden</translation>
    </message>
</context>
<context>
    <name>idx::gui::OverlapModel</name>
    <message>
        <source>%1 against itself: not counted</source>
        <translation>%1 gegen sich selbst: nicht gezählt</translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) labelled %1 whose neighbours favour %2</source>
        <translation>
            <numerusform>%n Eintrag mit dem Label %1, dessen Nachbarn %2 bevorzugen</numerusform>
            <numerusform>%n Einträge mit dem Label %1, deren Nachbarn %2 bevorzugen</numerusform>
        </translation>
    </message>
    <message>
        <source>Labelled %1</source>
        <translation>Label %1</translation>
    </message>
    <message>
        <source>Neighbours favour %1</source>
        <translation>Nachbarn bevorzugen %1</translation>
    </message>
    <message>
        <source>The class overlap follows with the insights.</source>
        <translation>Die Klassenüberlappung folgt mit den Erkenntnissen.</translation>
    </message>
    <message>
        <source>Overlap needs labels: open the labels file beside the images (train-labels-idx1-ubyte beside train-images-idx3-ubyte), or attach one (File ▸ Attach Labels…).</source>
        <translation>Die Überlappung braucht Labels: Öffnen Sie die Labeldatei neben den Bildern (train-labels-idx1-ubyte neben train-images-idx3-ubyte) oder hängen Sie eine an (Datei ▸ Labels anhängen…).</translation>
    </message>
    <message>
        <source>The labels hold more than %1 classes: too many for a table of classes.</source>
        <translation>Die Labels umfassen mehr als %1 Klassen: zu viele für eine Klassentabelle.</translation>
    </message>
    <message>
        <source>No class overlaps another: no record&apos;s neighbours favour another class over its own.</source>
        <translation>Keine Klasse überlappt eine andere: Bei keinem Eintrag bevorzugen die Nachbarn eine andere Klasse vor seiner eigenen.</translation>
    </message>
    <message numerus="yes">
        <source>%1 ~ %2: %n record(s) (%3%)</source>
        <translation>
            <numerusform>%1 ~ %2: %n Eintrag (%3&#xa0;%)</numerusform>
            <numerusform>%1 ~ %2: %n Einträge (%3&#xa0;%)</numerusform>
        </translation>
    </message>
    <message>
        <source>Most overlap: %1</source>
        <translation>Größte Überlappung: %1</translation>
    </message>
</context>
<context>
    <name>idx::gui::OverlapView</name>
    <message>
        <source>Class pairs by the records of either class whose nearest neighbours favour the other; in brackets, their share of the two classes&apos; records</source>
        <translation>Klassenpaare nach den Einträgen beider Klassen, deren nächste Nachbarn die jeweils andere bevorzugen; in Klammern ihr Anteil an den Einträgen der beiden Klassen</translation>
    </message>
    <message>
        <source>Rows: the records&apos; label · columns: the class their nearest neighbours favour · choose a cell for its records</source>
        <translation>Zeilen: das Label der Einträge · Spalten: die Klasse, die ihre nächsten Nachbarn bevorzugen · eine Zelle wählen für ihre Einträge</translation>
    </message>
    <message>
        <source>Class overlap</source>
        <translation>Klassenüberlappung</translation>
    </message>
    <message>
        <source>Rows: the class records are labelled; columns: the class their nearest neighbours favour; each cell the number of such records</source>
        <translation>Zeilen: die Klasse, mit der Einträge beschriftet sind; Spalten: die Klasse, die ihre nächsten Nachbarn bevorzugen; jede Zelle die Anzahl solcher Einträge</translation>
    </message>
    <message>
        <source>Records of the chosen cell</source>
        <translation>Einträge der gewählten Zelle</translation>
    </message>
    <message>
        <source>Each record beside its nearest neighbours, with their labels</source>
        <translation>Jeder Eintrag neben seinen nächsten Nachbarn, mit ihren Labels</translation>
    </message>
    <message>
        <source>%1 whose neighbours favour %2</source>
        <translation>%1 mit Nachbarn, die %2 bevorzugen</translation>
    </message>
</context>
<context>
    <name>idx::gui::PaintTool</name>
    <message>
        <source>Painting is not available for colour channels; switch RGB off to paint one channel.</source>
        <translation>Malen ist bei Farbkanälen nicht möglich; schalten Sie RGB aus, um einen einzelnen Kanal zu bemalen.</translation>
    </message>
    <message>
        <source>Painting needs records that are images.</source>
        <translation>Zum Malen müssen die Einträge Bilder sein.</translation>
    </message>
</context>
<context>
    <name>idx::gui::PanelDocks</name>
    <message>
        <source>No file open</source>
        <translation>Keine Datei geöffnet</translation>
    </message>
    <message>
        <source>Not available for this file</source>
        <translation>Für diese Datei nicht verfügbar</translation>
    </message>
</context>
<context>
    <name>idx::gui::RecentFiles</name>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>&amp;Liste leeren</translation>
    </message>
</context>
<context>
    <name>idx::gui::RecordScopeBox</name>
    <message>
        <source>Records</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>&amp;Current record (%1)</source>
        <translation>A&amp;ktueller Eintrag (%1)</translation>
    </message>
    <message>
        <source>&amp;Selected records (%1)</source>
        <translation>Aus&amp;gewählte Einträge (%1)</translation>
    </message>
    <message>
        <source>&amp;Range of records:</source>
        <translation>&amp;Bereich von Einträgen:</translation>
    </message>
    <message>
        <source>&amp;All records (%1)</source>
        <translation>&amp;Alle Einträge (%1)</translation>
    </message>
    <message>
        <source>Records with these &amp;labels:</source>
        <translation>Einträge mit diesen &amp;Labels:</translation>
    </message>
    <message>
        <source>Records passing the label &amp;filter (%1)</source>
        <translation>Vom Label&amp;filter durchgelassene Einträge (%1)</translation>
    </message>
    <message>
        <source>up to (excluding)</source>
        <translation>bis (ausschließlich)</translation>
    </message>
</context>
<context>
    <name>idx::gui::RecoveryPrompt</name>
    <message>
        <source>Recover Unsaved Changes</source>
        <translation>Ungespeicherte Änderungen wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Open and Recover</source>
        <translation>Ö&amp;ffnen und wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Discard…</source>
        <translation>&amp;Verwerfen…</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>&amp;Später</translation>
    </message>
    <message>
        <source>Discard Unsaved Changes</source>
        <translation>Ungespeicherte Änderungen verwerfen</translation>
    </message>
    <message numerus="yes">
        <source>Discard the unsaved changes to %n file(s)? They cannot be recovered afterwards.</source>
        <translation>
            <numerusform>Die ungespeicherten Änderungen an %n Datei verwerfen? Sie können danach nicht wiederhergestellt werden.</numerusform>
            <numerusform>Die ungespeicherten Änderungen an %n Dateien verwerfen? Sie können danach nicht wiederhergestellt werden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>IdxScope closed with unsaved changes to %n file(s).</source>
        <translation>
            <numerusform>IdxScope wurde mit ungespeicherten Änderungen an %n Datei beendet.</numerusform>
            <numerusform>IdxScope wurde mit ungespeicherten Änderungen an %n Dateien beendet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) changed or were removed since; their unsaved changes cannot be applied and stay here until you discard them.</source>
        <translation>
            <numerusform>%n Datei wurde seitdem geändert oder entfernt; ihre ungespeicherten Änderungen können nicht angewendet werden und bleiben hier, bis Sie sie verwerfen.</numerusform>
            <numerusform>%n Dateien wurden seitdem geändert oder entfernt; ihre ungespeicherten Änderungen können nicht angewendet werden und bleiben hier, bis Sie sie verwerfen.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (labels: %2)</source>
        <translation>%1 (Labels: %2)</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n edit(s)</source>
        <translation>
            <numerusform>%1 — %n Änderung</numerusform>
            <numerusform>%1 — %n Änderungen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>idx::gui::RemedyFinder</name>
    <message>
        <source>Read as Little-Endian %1</source>
        <translation>Als %1 (little-endian) lesen</translation>
    </message>
    <message>
        <source>Read as %1</source>
        <translation>Als %1 lesen</translation>
    </message>
    <message>
        <source>Read as Little-Endian File</source>
        <translation>Als Little-Endian-Datei lesen</translation>
    </message>
    <message>
        <source>Read Little-Endian</source>
        <translation>Als little-endian lesen</translation>
    </message>
    <message>
        <source>Ignore Trailing Bytes</source>
        <translation>Überzählige Bytes am Ende ignorieren</translation>
    </message>
</context>
<context>
    <name>idx::gui::SaveController</name>
    <message>
        <source>&amp;Save</source>
        <translation>S&amp;peichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Save La&amp;bels as New File…</source>
        <translation>Labels als neue &amp;Datei speichern…</translation>
    </message>
    <message>
        <source>Save &amp;Repaired Copy…</source>
        <translation>&amp;Reparierte Kopie speichern…</translation>
    </message>
    <message>
        <source>Save Repaired Copy</source>
        <translation>Reparierte Kopie speichern</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Gespeichert.</translation>
    </message>
    <message>
        <source>Save Failed</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>%1 enthält ungespeicherte Änderungen. Sollen sie gespeichert werden?</translation>
    </message>
    <message>
        <source>Save them too, as a new file beside the images: %1?</source>
        <translation>Auch diese als neue Datei neben den Bildern speichern: %1?</translation>
    </message>
    <message>
        <source>That file exists and will be replaced.</source>
        <translation>Diese Datei existiert bereits und wird ersetzt.</translation>
    </message>
    <message>
        <source>Saving only the images leaves the label edits unsaved in this window; %1 is not changed either way.</source>
        <translation>Wenn nur die Bilder gespeichert werden, bleiben die Labeländerungen in diesem Fenster ungespeichert; %1 wird in keinem Fall geändert.</translation>
    </message>
    <message>
        <source>Records were inserted, deleted or moved in both, so the labels must be saved with the images; %1 is not changed.</source>
        <translation>In beiden Dateien wurden Einträge eingefügt, gelöscht oder verschoben, daher müssen die Labels zusammen mit den Bildern gespeichert werden; %1 wird nicht geändert.</translation>
    </message>
    <message>
        <source>Save As</source>
        <translation>Speichern unter</translation>
    </message>
    <message>
        <source>The labels (%1) have unsaved changes too.</source>
        <translation>Auch die Labels (%1) enthalten ungespeicherte Änderungen.</translation>
    </message>
    <message>
        <source>Save &amp;Both</source>
        <translation>&amp;Beide speichern</translation>
    </message>
    <message>
        <source>Save &amp;Images Only</source>
        <translation>Nur B&amp;ilder speichern</translation>
    </message>
    <message>
        <source>Save Labels as New File</source>
        <translation>Labels als neue Datei speichern</translation>
    </message>
</context>
<context>
    <name>idx::gui::SingleInstance</name>
    <message>
        <source>Cannot create the lock file %1</source>
        <translation>Die Sperrdatei %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>Cannot listen on %1: %2</source>
        <translation>Auf %1 kann nicht gelauscht werden: %2</translation>
    </message>
</context>
<context>
    <name>idx::gui::SliceRenderer</name>
    <message>
        <source>The file changed on disk; reload it to see its contents.</source>
        <translation>Die Datei wurde auf dem Datenträger geändert; laden Sie sie neu, um ihren Inhalt zu sehen.</translation>
    </message>
    <message>
        <source>NaN</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>+Inf</source>
        <translation>+Inf</translation>
    </message>
    <message>
        <source>−Inf</source>
        <translation>−Inf</translation>
    </message>
    <message>
        <source>x %1, y %2  ·  [%3]  ·  value %4</source>
        <translation>x %1, y %2  ·  [%3]  ·  Wert %4</translation>
    </message>
</context>
<context>
    <name>idx::gui::StatsController</name>
    <message>
        <source>cancelled: figures out of date</source>
        <translation>abgebrochen: Werte veraltet</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>wird berechnet…</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>partial: %1 of %2 records</source>
        <translation>teilweise: %1 von %2 Einträgen</translation>
    </message>
    <message>
        <source>record %1 not loaded yet</source>
        <translation>Eintrag %1 noch nicht geladen</translation>
    </message>
    <message>
        <source>record %1</source>
        <translation>Eintrag %1</translation>
    </message>
    <message>
        <source>nothing selected</source>
        <translation>nichts ausgewählt</translation>
    </message>
    <message>
        <source>1 record</source>
        <translation>1 Eintrag</translation>
    </message>
    <message>
        <source>%1 records</source>
        <translation>%1 Einträge</translation>
    </message>
</context>
<context>
    <name>idx::gui::StatsPanel</name>
    <message>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Min</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <source>Std</source>
        <translation>Std.-Abw.</translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation>Nullen</translation>
    </message>
    <message>
        <source>NaN</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>+Inf</source>
        <translation>+Inf</translation>
    </message>
    <message>
        <source>−Inf</source>
        <translation>−Inf</translation>
    </message>
    <message>
        <source>Computing the whole-tensor statistics</source>
        <translation>Statistik des gesamten Tensors wird berechnet</translation>
    </message>
    <message>
        <source>Stop computing; the figures stay marked out of date</source>
        <translation>Berechnung anhalten; die Werte bleiben als veraltet markiert</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Berechnen</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Log. Skala</translation>
    </message>
    <message>
        <source>Histogram of</source>
        <translation>Histogramm für</translation>
    </message>
    <message>
        <source>Classes (click to filter the gallery)</source>
        <translation>Klassen (klicken, um die Galerie zu filtern)</translation>
    </message>
    <message>
        <source>Mean image per class</source>
        <translation>Mittelwertbild je Klasse</translation>
    </message>
    <message>
        <source>Mean image per class (after loading)</source>
        <translation>Mittelwertbild je Klasse (nach dem Laden)</translation>
    </message>
    <message>
        <source>Mean image per class (computing…)</source>
        <translation>Mittelwertbild je Klasse (wird berechnet…)</translation>
    </message>
    <message>
        <source>Mean image per class (none)</source>
        <translation>Mittelwertbild je Klasse (keine)</translation>
    </message>
    <message>
        <source>Mean image per class: not computed (%1)</source>
        <translation>Mittelwertbild je Klasse: nicht berechnet (%1)</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistik</translation>
    </message>
</context>
<context>
    <name>idx::gui::TableModel</name>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Record %1</source>
        <translation>Eintrag %1</translation>
    </message>
    <message>
        <source>Row %1</source>
        <translation>Zeile %1</translation>
    </message>
    <message>
        <source>Column %1</source>
        <translation>Spalte %1</translation>
    </message>
    <message>
        <source>“%1” is not a number.</source>
        <translation>„%1“ ist keine Zahl.</translation>
    </message>
    <message>
        <source>Not changed: %1</source>
        <translation>Nicht geändert: %1</translation>
    </message>
    <message>
        <source>Column %1: %2</source>
        <translation>Spalte %1: %2</translation>
    </message>
</context>
<context>
    <name>idx::gui::TableView</name>
    <message>
        <source>View records as:</source>
        <translation>Einträge anzeigen als:</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source> — showing the current 2-D slice</source>
        <translation> — zeigt den aktuellen 2-D-Schnitt</translation>
    </message>
    <message numerus="yes">
        <source> — %n rows loaded so far</source>
        <translation>
            <numerusform> — bisher %n Zeile geladen</numerusform>
            <numerusform> — bisher %n Zeilen geladen</numerusform>
        </translation>
    </message>
    <message>
        <source>Rows (as stored)</source>
        <translation>Zeilen (wie gespeichert)</translation>
    </message>
</context>
<context>
    <name>idx::gui::ViewActions</name>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Fit</source>
        <translation>&amp;Einpassen</translation>
    </message>
    <message>
        <source>&amp;Actual Pixels</source>
        <translation>&amp;Originalgröße</translation>
    </message>
    <message>
        <source>&amp;Previous Record</source>
        <translation>&amp;Vorheriger Eintrag</translation>
    </message>
    <message>
        <source>&amp;Next Record</source>
        <translation>&amp;Nächster Eintrag</translation>
    </message>
    <message>
        <source>Page &amp;Back</source>
        <translation>Seite &amp;zurück</translation>
    </message>
    <message>
        <source>Page &amp;Forward</source>
        <translation>Seite v&amp;or</translation>
    </message>
    <message>
        <source>&amp;First Record</source>
        <translation>&amp;Erster Eintrag</translation>
    </message>
    <message>
        <source>&amp;Last Record</source>
        <translation>&amp;Letzter Eintrag</translation>
    </message>
    <message>
        <source>&amp;Go to Record…</source>
        <translation>&amp;Gehe zu Eintrag…</translation>
    </message>
</context>
<context>
    <name>idx::gui::WelcomePage</name>
    <message>
        <source>IdxScope</source>
        <translation>IdxScope</translation>
    </message>
    <message>
        <source>Open an IDX file (MNIST, Fashion-MNIST, EMNIST, QMNIST…) or drop files here.</source>
        <translation>Öffnen Sie eine IDX-Datei (MNIST, Fashion-MNIST, EMNIST, QMNIST…) oder legen Sie Dateien hier ab.</translation>
    </message>
    <message>
        <source>Open File…</source>
        <translation>Datei öffnen…</translation>
    </message>
    <message>
        <source>Open Sample</source>
        <translation>Beispiel öffnen</translation>
    </message>
    <message>
        <source>1,000 Fashion-MNIST images with their labels, bundled with IdxScope</source>
        <translation>1.000 Fashion-MNIST-Bilder mit ihren Labels, mitgeliefert mit IdxScope</translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation>Zuletzt geöffnete Dateien</translation>
    </message>
</context>
<context>
    <name>idxscope_cli</name>
    <message>
        <source>header, sizes, byte order, companion file, warnings</source>
        <translation>Header, Größen, Bytereihenfolge, Begleitdatei, Warnungen</translation>
    </message>
    <message>
        <source>value statistics and histogram, per label if asked</source>
        <translation>Wertestatistik und Histogramm, auf Wunsch pro Label</translation>
    </message>
    <message>
        <source>records as PNG files, or one contact sheet</source>
        <translation>Einträge als PNG-Dateien oder in einem Kontaktabzug</translation>
    </message>
    <message>
        <source>to .npy, .csv, gzip or xz IDX, or raw IDX</source>
        <translation>in .npy, .csv, gzip- oder xz-IDX oder unkomprimiertes IDX</translation>
    </message>
    <message>
        <source>check files: OK, warnings or error</source>
        <translation>Dateien prüfen: OK, Warnungen oder Fehler</translation>
    </message>
    <message>
        <source>rewrite a misread file as canonical IDX (another type, byte order)</source>
        <translation>falsch gelesene Datei als kanonisches IDX neu schreiben (anderer Typ, andere Bytereihenfolge)</translation>
    </message>
    <message>
        <source>a PNG thumbnail (for file managers)</source>
        <translation>ein PNG-Vorschaubild (für Dateimanager)</translation>
    </message>
    <message>
        <source>a folder of PNG files into IDX images (and labels)</source>
        <translation>einen Ordner mit PNG-Dateien als IDX-Bilder (und Labels) importieren</translation>
    </message>
    <message>
        <source>a NumPy .npy array into IDX</source>
        <translation>ein NumPy-Array (.npy) als IDX importieren</translation>
    </message>
    <message>
        <source>a TensorBoard Projector sprite sheet and metadata.tsv</source>
        <translation>Sprite-Sheet und metadata.tsv für den TensorBoard Projector</translation>
    </message>
    <message>
        <source>duplicates, suspected label errors, outliers, train/test leakage</source>
        <translation>Duplikate, vermutete Labelfehler, Ausreißer, Datenlecks zwischen Training und Test</translation>
    </message>
    <message>
        <source>every record a point in the plane (CSV, .npy, PNG, SVG)</source>
        <translation>jeder Eintrag ein Punkt in der Ebene (CSV, .npy, PNG, SVG)</translation>
    </message>
    <message>
        <source>what differs between two files: header, records, labels, alignment</source>
        <translation>Unterschiede zweier Dateien: Header, Einträge, Labels, Zuordnung</translation>
    </message>
    <message>
        <source>Usage: %1 COMMAND [options] [arguments]
Inspect, check, convert and compare IDX tensor files (the MNIST format; raw, gzip or xz).

Commands:
</source>
        <translation>Aufruf: %1 COMMAND [Optionen] [Argumente]
Untersucht, prüft, konvertiert und vergleicht IDX-Tensordateien (das MNIST-Format;
unkomprimiert, gzip oder xz).

Befehle:
</translation>
    </message>
    <message>
        <source>
Options:
  -h, --help     Show this help; &apos;%1 COMMAND --help&apos; shows a command&apos;s options.
  -v, --version  Show the version.

Exit status: 0 success, 1 a file could not be read or is not valid IDX, 2 bad usage;
diff: 0 equal, 1 different, 2 trouble (as cmp and diff).
</source>
        <translation>
Optionen:
  -h, --help     Diese Hilfe anzeigen; „%1 COMMAND --help“ zeigt die Befehlsoptionen.
  -v, --version  Die Version anzeigen.

Exit-Status: 0 Erfolg, 1 Datei nicht lesbar oder kein gültiges IDX, 2 falscher Aufruf;
diff: 0 gleich, 1 verschieden, 2 Problem (wie bei cmp und diff).
</translation>
    </message>
    <message>
        <source>no command given</source>
        <translation>kein Befehl angegeben</translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos; (options come after the command)</source>
        <translation>unbekannte Option „%1“ (Optionen stehen nach dem Befehl)</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>unbekannter Befehl „%1“</translation>
    </message>
    <message>
        <source>Try &apos;%1&apos; for more information.
</source>
        <translation>„%1“ liefert weitere Informationen.
</translation>
    </message>
    <message>
        <source>Usage: %1 %2 [options] %3</source>
        <translation>Aufruf: %1 %2 [Optionen] %3</translation>
    </message>
    <message>
        <source>missing arguments</source>
        <translation>Argumente fehlen</translation>
    </message>
    <message>
        <source>too few arguments</source>
        <translation>zu wenige Argumente</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>unerwartetes Argument „%1“</translation>
    </message>
    <message>
        <source>--%1 wants a whole number from %2 to %3, not &apos;%4&apos;</source>
        <translation>--%1 erwartet eine ganze Zahl von %2 bis %3, nicht „%4“</translation>
    </message>
    <message>
        <source>Read the payload as this element type whatever the type code says (uint8, int8, int16,
int32, float32, float64); the dims are kept.</source>
        <translation>Die Nutzdaten unabhängig vom Typcode als diesen Elementtyp lesen (uint8, int8, int16,
int32, float32, float64); die Dimensionen bleiben erhalten.</translation>
    </message>
    <message>
        <source>Read multi-byte data as &apos;little&apos; or &apos;big&apos; endian (default big, as IDX says). For a file
whose header bytes are reversed, &apos;little&apos; reads the whole file little-endian.</source>
        <translation>Mehrbyte-Daten als „little“- oder „big“-Endian lesen (Standard: big, wie von IDX
vorgesehen). Bei einer Datei mit umgekehrten Header-Bytes liest „little“ die ganze
Datei als little-endian.</translation>
    </message>
    <message>
        <source>Do not warn about bytes after the payload.</source>
        <translation>Nicht vor überzähligen Bytes nach den Nutzdaten warnen.</translation>
    </message>
    <message>
        <source>Names of the label values, from FILE: one name per line (line 1 names label 0), an
EMNIST mapping (&apos;label code-point&apos; per line) or a CSV (&apos;label,name&apos;). They replace a
known dataset&apos;s names.</source>
        <translation>Namen der Labelwerte aus FILE: ein Name pro Zeile (Zeile 1 benennt Label 0), eine
EMNIST-Zuordnung („label code-point“ pro Zeile) oder eine CSV-Datei („label,name“). Sie
ersetzen die Namen eines bekannten Datensatzes.</translation>
    </message>
    <message>
        <source>--type wants uint8, int8, int16, int32, float32, float64, or one shown widened: uint16, uint32, int64, uint64, float16, bool; not &apos;%1&apos;</source>
        <translation>--type erwartet uint8, int8, int16, int32, float32, float64 oder einen Typ, der erweitert dargestellt wird: uint16, uint32, int64, uint64, float16, bool; nicht „%1“</translation>
    </message>
    <message>
        <source>--byte-order wants &apos;little&apos; or &apos;big&apos;, not &apos;%1&apos;</source>
        <translation>--byte-order erwartet „little“ oder „big“, nicht „%1“</translation>
    </message>
    <message>
        <source>%1; writing would not keep them (IDX has no 64-bit integer type, and float64 holds integers exactly only up to 2^53)</source>
        <translation>%1; beim Schreiben blieben die ursprünglichen Werte nicht erhalten (IDX hat keinen 64-Bit-Ganzzahltyp, und float64 stellt ganze Zahlen nur bis 2^53 exakt dar)</translation>
    </message>
    <message>
        <source>decompressing</source>
        <translation>Entpacken</translation>
    </message>
    <message>
        <source>converting</source>
        <translation>Konvertieren</translation>
    </message>
    <message>
        <source>not a valid IDX file</source>
        <translation>keine gültige IDX-Datei</translation>
    </message>
    <message>
        <source>the payload is incomplete (%1 of %2 bytes)</source>
        <translation>die Nutzdaten sind unvollständig (%1 von %2 Bytes)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a record range (A:B, :B, A: or an index)</source>
        <translation>„%1“ ist kein Eintragsbereich (A:B, :B, A: oder ein Index)</translation>
    </message>
    <message>
        <source>the record range %1 ends before it starts</source>
        <translation>der Eintragsbereich %1 endet, bevor er beginnt</translation>
    </message>
    <message>
        <source>the record range %1 is outside the file&apos;s records 0:%2</source>
        <translation>der Eintragsbereich %1 liegt außerhalb der Einträge der Datei (0:%2)</translation>
    </message>
    <message>
        <source>  … %1 more (--top N shows more; without it, all)
</source>
        <translation>  … %1 weitere (--top N zeigt mehr, ohne --top alle)
</translation>
    </message>
    <message>
        <source>%1 principal components (%2% of the variance)</source>
        <translation>%1 Hauptkomponenten (%2 % der Varianz)</translation>
    </message>
    <message>
        <source>the values themselves</source>
        <translation>die Werte selbst</translation>
    </message>
    <message>
        <source>Features: %1; %2 neighbours per record%3
</source>
        <translation>Merkmale: %1; %2 Nachbarn pro Eintrag%3
</translation>
    </message>
    <message>
        <source> (from the cache)</source>
        <translation> (aus dem Cache)</translation>
    </message>
    <message>
        <source>
Exact duplicates (equal bytes): %1 groups
</source>
        <translation>
Exakte Duplikate (gleiche Bytes): %1 Gruppen
</translation>
    </message>
    <message>
        <source>
Near duplicates (distance at most %1 = %2 × the median nearest-neighbour distance %3): %4 pairs
</source>
        <translation>
Beinahe-Duplikate (Abstand höchstens %1 = %2 × %3, dem Median des Abstands zum nächsten Nachbarn): %4 Paare
</translation>
    </message>
    <message>
        <source>
Outliers (mean neighbour distance at least %1 × the median): %2
</source>
        <translation>
Ausreißer (mittlerer Abstand zu den Nachbarn mindestens %1 × Median): %2
</translation>
    </message>
    <message>
        <source>The command.</source>
        <translation>Der Befehl.</translation>
    </message>
    <message>
        <source>An IDX images file (raw, .gz or .xz).</source>
        <translation>Eine IDX-Bilddatei (unkomprimiert, .gz oder .xz).</translation>
    </message>
    <message>
        <source>A second images file (the other split).</source>
        <translation>Eine zweite Bilddatei (der andere Split).</translation>
    </message>
    <message>
        <source>The second file&apos;s labels.</source>
        <translation>Die Labels der zweiten Datei.</translation>
    </message>
    <message>
        <source>List at most N of each finding (default: all).</source>
        <translation>Höchstens N Befunde je Art auflisten (Standard: alle).</translation>
    </message>
    <message>
        <source>Neighbours per record (default 50).</source>
        <translation>Nachbarn pro Eintrag (Standard: 50).</translation>
    </message>
    <message>
        <source>PCA components compared (default 50); 0 compares the values themselves.</source>
        <translation>Anzahl verglichener PCA-Komponenten (Standard: 50); 0 vergleicht die Werte selbst.</translation>
    </message>
    <message>
        <source>Neither read nor keep cached neighbour graphs.</source>
        <translation>Zwischengespeicherte Nachbarschaftsgraphen weder lesen noch speichern.</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>JSON ausgeben.</translation>
    </message>
    <message>
        <source>--against-labels names the labels of --against: give the second file too</source>
        <translation>--against-labels nennt die Labels zu --against: geben Sie auch die zweite Datei an</translation>
    </message>
    <message>
        <source>--against-labels judges the second file&apos;s labels by the first&apos;s: give --labels too</source>
        <translation>--against-labels beurteilt die Labels der zweiten Datei anhand der Labels der ersten: geben Sie auch --labels an</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>not enough memory for the audit of these records</source>
        <translation>nicht genug Arbeitsspeicher für die Prüfung dieser Einträge</translation>
    </message>
    <message>
        <source>the audit was interrupted</source>
        <translation>die Prüfung wurde unterbrochen</translation>
    </message>
    <message>
        <source>%1: %2 records</source>
        <translation>%1: %2 Einträge</translation>
    </message>
    <message>
        <source>A = %1: %2 records
B = %3: %4 records</source>
        <translation>A = %1: %2 Einträge
B = %3: %4 Einträge</translation>
    </message>
    <message>
        <source>An IDX file (raw, .gz or .xz).</source>
        <translation>Eine IDX-Datei (unkomprimiert, .gz oder .xz).</translation>
    </message>
    <message>
        <source>The file to write.</source>
        <translation>Die zu schreibende Datei.</translation>
    </message>
    <message>
        <source>Only records A:B (half-open; &apos;:100&apos;, &apos;500:&apos;).</source>
        <translation>Nur die Einträge A:B (halboffen; „:100“, „500:“).</translation>
    </message>
    <message>
        <source>is a folder; give the name of the file to write</source>
        <translation>ist ein Ordner; geben Sie den Namen der zu schreibenden Datei an</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>Schreiben</translation>
    </message>
    <message>
        <source>the records have different shapes</source>
        <translation>die Einträge haben unterschiedliche Formen</translation>
    </message>
    <message>
        <source> and %1 more (--json lists them all)</source>
        <translation> und %1 weitere (--json listet alle auf)</translation>
    </message>
    <message>
        <source>1 element</source>
        <translation>1 Element</translation>
    </message>
    <message>
        <source>%1 elements</source>
        <translation>%1 Elemente</translation>
    </message>
    <message>
        <source>infinite (NaN or infinity against a number)</source>
        <translation>unendlich (NaN oder Unendlich gegenüber einer Zahl)</translation>
    </message>
    <message>
        <source>A: %1 (%2, %3)
B: %4 (%5, %6)
</source>
        <translation>A: %1 (%2, %3)
B: %4 (%5, %6)
</translation>
    </message>
    <message>
        <source>equal: the same header and the same values (compared decoded)
</source>
        <translation>gleich: derselbe Header und dieselben Werte (dekodiert verglichen)
</translation>
    </message>
    <message>
        <source>type differs: %1 in A, %2 in B (values compared as numbers)
</source>
        <translation>Typ verschieden: %1 in A, %2 in B (Werte als Zahlen verglichen)
</translation>
    </message>
    <message>
        <source>dims differ: %1 in A, %2 in B
</source>
        <translation>Dimensionen verschieden: %1 in A, %2 in B
</translation>
    </message>
    <message>
        <source>records not compared: their shapes differ
</source>
        <translation>Einträge nicht verglichen: ihre Formen unterscheiden sich
</translation>
    </message>
    <message>
        <source>no record differs: the values are equal
</source>
        <translation>kein Eintrag unterscheidet sich: die Werte sind gleich
</translation>
    </message>
    <message>
        <source>%1 of %2 labels differ: %3
</source>
        <translation>%1 von %2 Labels verschieden: %3
</translation>
    </message>
    <message>
        <source>record %1: %2 → %3</source>
        <translation>Eintrag %1: %2 → %3</translation>
    </message>
    <message>
        <source>%1 of %2 records differ (%3; largest difference %4): %5
</source>
        <translation>%1 von %2 Einträgen verschieden (%3; größte Abweichung %4): %5
</translation>
    </message>
    <message>
        <source>record %1 (%2, up to %3)</source>
        <translation>Eintrag %1 (%2, bis zu %3)</translation>
    </message>
    <message>
        <source>records not aligned: %1
</source>
        <translation>Einträge nicht zugeordnet: %1
</translation>
    </message>
    <message>
        <source>records aligned by content: %1 kept in order, %2 deleted, %3 inserted, %4 moved, %5 changed
</source>
        <translation>Einträge nach Inhalt zugeordnet: %1 in unveränderter Reihenfolge, %2 gelöscht, %3 eingefügt, %4 verschoben, %5 geändert
</translation>
    </message>
    <message>
        <source>  deleted from A: %1
</source>
        <translation>  gelöscht aus A: %1
</translation>
    </message>
    <message>
        <source>  inserted in B: %1
</source>
        <translation>  eingefügt in B: %1
</translation>
    </message>
    <message>
        <source>  moved (A → B): %1
</source>
        <translation>  verschoben (A → B): %1
</translation>
    </message>
    <message>
        <source>  changed (A → B): %1
</source>
        <translation>  geändert (A → B): %1
</translation>
    </message>
    <message>
        <source>%1 → %2 (%3, up to %4)</source>
        <translation>%1 → %2 (%3, bis zu %4)</translation>
    </message>
    <message>
        <source>  (the files differ too much for a guaranteed longest alignment; this one is valid)
</source>
        <translation>  (die Dateien unterscheiden sich zu stark für eine garantiert längste Zuordnung; diese hier ist gültig)
</translation>
    </message>
    <message>
        <source>Compare two files by their decoded values, so a .gz and a re-compressed copy are
equal: the header fields that differ; for equal dims, the records that differ at the
same index (and for labels files the changed labels); for different record counts,
the records aligned by content like a diff of lines (deleted, inserted, moved,
changed).

Exit status: 0 the files are equal, 1 they differ, 2 trouble (a file could not be
read, bad usage).</source>
        <translation>Vergleicht zwei Dateien anhand ihrer dekodierten Werte, sodass eine .gz-Datei und eine neu
komprimierte Kopie gleich sind: die abweichenden Header-Felder; bei gleichen Dimensionen die
Einträge, die sich am selben Index unterscheiden (und bei Labeldateien die geänderten
Labels); bei unterschiedlicher Anzahl von Einträgen die nach Inhalt zugeordneten Einträge
wie bei einem zeilenweisen diff (gelöscht, eingefügt, verschoben, geändert).

Exit-Status: 0 die Dateien sind gleich, 1 sie unterscheiden sich, 2 Problem (eine Datei
war nicht lesbar, falscher Aufruf).</translation>
    </message>
    <message>
        <source>An IDX file (raw, .gz or .xz; or a sibling format).</source>
        <translation>Eine IDX-Datei (unkomprimiert, .gz oder .xz; oder ein verwandtes Format).</translation>
    </message>
    <message>
        <source>The file to compare it with.</source>
        <translation>Die Datei, mit der A verglichen wird.</translation>
    </message>
    <message>
        <source>compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>not enough memory to compare it with %1</source>
        <translation>nicht genug Arbeitsspeicher für den Vergleich mit %1</translation>
    </message>
    <message>
        <source>the comparison was interrupted</source>
        <translation>der Vergleich wurde unterbrochen</translation>
    </message>
    <message>
        <source>is a folder; --grid writes one image: give a file name such as sheet.png</source>
        <translation>ist ein Ordner; --grid schreibt ein einzelnes Bild: geben Sie einen Dateinamen wie sheet.png an</translation>
    </message>
    <message>
        <source>the file exists already (use --overwrite to replace it)</source>
        <translation>die Datei existiert bereits (mit --overwrite wird sie ersetzt)</translation>
    </message>
    <message>
        <source>rendering</source>
        <translation>Rendern</translation>
    </message>
    <message>
        <source>Exports records as PNG files named by record index (zero-padded, &apos;_LABEL&apos; appended
with --labels, the class name instead with --name-labels), or with --grid one contact
sheet. uint8 values are written unchanged; other types are windowed to the tensor&apos;s
min..max unless --window is given.</source>
        <translation>Exportiert Einträge als PNG-Dateien, benannt nach dem Eintragsindex (mit führenden Nullen;
mit --labels wird „_LABEL“ angehängt, mit --name-labels stattdessen der Klassenname),
oder mit --grid in einen einzigen Kontaktabzug. uint8-Werte werden unverändert geschrieben,
andere Typen ohne --window auf den Bereich min..max des Tensors abgebildet.</translation>
    </message>
    <message>
        <source>The folder for the PNG files (created if missing); with --grid, the PNG file.</source>
        <translation>Der Ordner für die PNG-Dateien (wird bei Bedarf angelegt); mit --grid die PNG-Datei.</translation>
    </message>
    <message>
        <source>Records A:B (half-open; &apos;:100&apos;, &apos;500:&apos;).</source>
        <translation>Einträge A:B (halboffen; „:100“, „500:“).</translation>
    </message>
    <message>
        <source>Labels file: the label goes into each name (00042_7.png).</source>
        <translation>Labeldatei: Das Label wird Teil jedes Dateinamens (00042_7.png).</translation>
    </message>
    <message>
        <source>Name files by class (00042_Ankle-boot.png): the names of a known dataset&apos;s labels, or
those of --class-names. Needs --labels.</source>
        <translation>Dateien nach Klasse benennen (00042_Ankle-boot.png): mit den Labelnamen eines bekannten
Datensatzes oder denen aus --class-names. Erfordert --labels.</translation>
    </message>
    <message>
        <source>Colormap: %1 (RGB output unless gray).</source>
        <translation>Farbskala: %1 (RGB-Ausgabe außer bei gray).</translation>
    </message>
    <message>
        <source>Enlarge by N with nearest-neighbour (default 1).</source>
        <translation>Um den Faktor N vergrößern, mit Nächster-Nachbar-Interpolation (Standard: 1).</translation>
    </message>
    <message>
        <source>Values LOW..HIGH map to black..white.</source>
        <translation>Werte LOW..HIGH werden auf Schwarz..Weiß abgebildet.</translation>
    </message>
    <message>
        <source>The two image axes of N-D data (axis 0 holds the records; default the last two).</source>
        <translation>Die zwei Bildachsen N-dimensionaler Daten (Achse 0 enthält die Einträge; Standard: die letzten beiden).</translation>
    </message>
    <message>
        <source>Write one contact sheet with COLS columns to --out FILE.png.</source>
        <translation>Einen Kontaktabzug mit COLS Spalten nach --out FILE.png schreiben.</translation>
    </message>
    <message>
        <source>Pixels between contact-sheet tiles (default 0).</source>
        <translation>Pixel zwischen den Kacheln des Kontaktabzugs (Standard: 0).</translation>
    </message>
    <message>
        <source>Replace existing files (refused by default).</source>
        <translation>Vorhandene Dateien ersetzen (standardmäßig verweigert).</translation>
    </message>
    <message>
        <source>--out is required</source>
        <translation>--out ist erforderlich</translation>
    </message>
    <message>
        <source>--gap only applies to a contact sheet (--grid)</source>
        <translation>--gap gilt nur für einen Kontaktabzug (--grid)</translation>
    </message>
    <message>
        <source>--labels does not apply to a contact sheet (--grid)</source>
        <translation>--labels gilt nicht für einen Kontaktabzug (--grid)</translation>
    </message>
    <message>
        <source>--name-labels names files by their labels: give the labels file (--labels)</source>
        <translation>--name-labels benennt Dateien nach ihren Labels: geben Sie die Labeldatei an (--labels)</translation>
    </message>
    <message>
        <source>--class-names only applies to file names by class (--name-labels)</source>
        <translation>--class-names gilt nur für Dateinamen nach Klasse (--name-labels)</translation>
    </message>
    <message>
        <source>unknown colormap &apos;%1&apos; (known: %2)</source>
        <translation>unbekannte Farbskala „%1“ (bekannt: %2)</translation>
    </message>
    <message>
        <source>--window wants LOW:HIGH with LOW &lt; HIGH, not &apos;%1&apos;</source>
        <translation>--window erwartet LOW:HIGH mit LOW &lt; HIGH, nicht „%1“</translation>
    </message>
    <message>
        <source>--axes wants two axis numbers R,C, not &apos;%1&apos;</source>
        <translation>--axes erwartet zwei Achsennummern R,C, nicht „%1“</translation>
    </message>
    <message>
        <source>its labels have no class names (it is no known dataset&apos;s labels file): give them with --class-names FILE</source>
        <translation>die Labels dieser Datei haben keine Klassennamen (sie ist nicht die Labeldatei eines bekannten Datensatzes): geben Sie sie mit --class-names FILE an</translation>
    </message>
    <message>
        <source>the value range could not be computed</source>
        <translation>der Wertebereich konnte nicht berechnet werden</translation>
    </message>
    <message>
        <source>the record range is empty: there is nothing to put on a sheet</source>
        <translation>der Eintragsbereich ist leer: es gibt nichts für einen Kontaktabzug</translation>
    </message>
    <message>
        <source>exporting</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>; %1 more files exist</source>
        <translation>; weitere vorhandene Dateien: %1</translation>
    </message>
    <message>
        <source>written before the failure and could not be removed</source>
        <translation>wurde vor dem Fehler geschrieben und konnte nicht entfernt werden</translation>
    </message>
    <message>
        <source>%1 more files written before the failure could not be removed</source>
        <translation>weitere vor dem Fehler geschriebene Dateien konnten nicht entfernt werden: %1</translation>
    </message>
    <message>
        <source>Imports the PNG files directly inside DIR (in natural name order; all of one size; colour
converted to gray) into a new uint8 IDX images file. With --labels-out, a labels file
is written too: labels from the names (NAME_LABEL.png, as &apos;export --labels&apos; names them)
or, with --labels-csv, from lines &apos;filename,label&apos;. Writing is atomic.</source>
        <translation>Importiert die PNG-Dateien direkt in DIR (in natürlicher Namensreihenfolge; alle gleich
groß; Farbe in Graustufen umgewandelt) in eine neue uint8-IDX-Bilddatei. Mit --labels-out
wird auch eine Labeldatei geschrieben: Labels aus den Namen (NAME_LABEL.png, wie
„export --labels“ sie benennt) oder, mit --labels-csv, aus Zeilen „filename,label“.
Das Schreiben ist atomar.</translation>
    </message>
    <message>
        <source>The folder of PNG files.</source>
        <translation>Der Ordner mit den PNG-Dateien.</translation>
    </message>
    <message>
        <source>The IDX images file to write.</source>
        <translation>Die zu schreibende IDX-Bilddatei.</translation>
    </message>
    <message>
        <source>The IDX labels file to write.</source>
        <translation>Die zu schreibende IDX-Labeldatei.</translation>
    </message>
    <message>
        <source>Labels from a CSV of filename,label (needs --labels-out).</source>
        <translation>Labels aus einer CSV-Datei mit filename,label (erfordert --labels-out).</translation>
    </message>
    <message>
        <source>Compress the output with gzip (also when OUT ends in .gz; xz when it ends in .xz).</source>
        <translation>Die Ausgabe mit gzip komprimieren (auch wenn OUT auf .gz endet; mit xz, wenn es auf .xz endet).</translation>
    </message>
    <message>
        <source>--labels-csv needs --labels-out (the labels file to write)</source>
        <translation>--labels-csv erfordert --labels-out (die zu schreibende Labeldatei)</translation>
    </message>
    <message>
        <source>--labels-out wants a file name</source>
        <translation>--labels-out erwartet einen Dateinamen</translation>
    </message>
    <message>
        <source>is not a folder</source>
        <translation>ist kein Ordner</translation>
    </message>
    <message>
        <source>no such folder</source>
        <translation>Ordner nicht gefunden</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>Lesen</translation>
    </message>
    <message>
        <source>%1 images of %2x%3 written to %4
</source>
        <translation>%1 Bild(er) mit %2x%3 Pixeln in %4 geschrieben
</translation>
    </message>
    <message>
        <source>Converts a NumPy .npy array into an IDX file of the same shape. uint8, int8, int16, int32,
float32 and float64 keep their type; uint16 becomes int32, uint32/int64/uint64 float64,
float16 float32, bool uint8 (refused when int64 values beyond 2^53 would be rounded).
Either byte order, C or Fortran order. Writing is atomic.</source>
        <translation>Wandelt ein NumPy-Array (.npy) in eine IDX-Datei derselben Form um. uint8, int8, int16,
int32, float32 und float64 behalten ihren Typ; uint16 wird zu int32, uint32/int64/uint64 zu
float64, float16 zu float32, bool zu uint8 (abgelehnt, wenn int64-Werte über 2^53 gerundet
würden). Beide Bytereihenfolgen sowie C- und Fortran-Reihenfolge. Das Schreiben ist atomar.</translation>
    </message>
    <message>
        <source>The .npy file.</source>
        <translation>Die .npy-Datei.</translation>
    </message>
    <message>
        <source>The IDX file to write.</source>
        <translation>Die zu schreibende IDX-Datei.</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>Datei nicht gefunden</translation>
    </message>
    <message>
        <source>  pair:            images %1, labels %2
</source>
        <translation>  Paar:            Bilder %1, Labels %2
</translation>
    </message>
    <message>
        <source>scalar (no dimensions)</source>
        <translation>Skalar (keine Dimensionen)</translation>
    </message>
    <message>
        <source>format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>%1 (%2, %3), read as IDX</source>
        <translation>%1 (%2, %3), als IDX gelesen</translation>
    </message>
    <message>
        <source>column-major</source>
        <translation>spaltenweise</translation>
    </message>
    <message>
        <source>row-major</source>
        <translation>zeilenweise</translation>
    </message>
    <message>
        <source>container</source>
        <translation>Container</translation>
    </message>
    <message>
        <source>type code</source>
        <translation>Typcode</translation>
    </message>
    <message>
        <source>read as</source>
        <translation>gelesen als</translation>
    </message>
    <message>
        <source>dims</source>
        <translation>Dimensionen</translation>
    </message>
    <message>
        <source>records</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>element size</source>
        <translation>Elementgröße</translation>
    </message>
    <message>
        <source>header bytes</source>
        <translation>Header-Bytes</translation>
    </message>
    <message>
        <source>data bytes</source>
        <translation>Daten-Bytes</translation>
    </message>
    <message>
        <source>trailing bytes</source>
        <translation>Bytes am Ende</translation>
    </message>
    <message>
        <source>file size</source>
        <translation>Dateigröße</translation>
    </message>
    <message>
        <source>byte order</source>
        <translation>Bytereihenfolge</translation>
    </message>
    <message>
        <source>companion</source>
        <translation>Begleitdatei</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>keine gefunden</translation>
    </message>
    <message>
        <source>dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>classes</source>
        <translation>Klassen</translation>
    </message>
    <message>
        <source>columns</source>
        <translation>Spalten</translation>
    </message>
    <message>
        <source>stored</source>
        <translation>gespeichert</translation>
    </message>
    <message>
        <source>transposed (each image&apos;s rows are its columns)</source>
        <translation>transponiert (die Zeilen jedes Bildes sind seine Spalten)</translation>
    </message>
    <message>
        <source>warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>repairs</source>
        <translation>Reparaturen</translation>
    </message>
    <message>
        <source>; implausible</source>
        <translation>; unplausibel</translation>
    </message>
    <message>
        <source>Shows what an IDX file holds: container, type, dimensions, sizes, byte order, the
companion (labels/images) file and any warnings.</source>
        <translation>Zeigt, was eine IDX-Datei enthält: Container, Typ, Dimensionen, Größen,
Bytereihenfolge, die Begleitdatei (Labels/Bilder) und etwaige Warnungen.</translation>
    </message>
    <message>
        <source>IDX files (raw, .gz or .xz).</source>
        <translation>IDX-Dateien (unkomprimiert, .gz oder .xz).</translation>
    </message>
    <message>
        <source>Print JSON: one object, or an array of objects for several files.</source>
        <translation>JSON ausgeben: ein Objekt oder, bei mehreren Dateien, ein Array von Objekten.</translation>
    </message>
    <message>
        <source>Place every record of an images file in the plane, similar records close together:
the records&apos; PCA components, their nearest neighbours, then a layout of that
neighbour graph (UMAP-like; the same seed gives the same map). Writes the coordinates
as CSV (columns record,x,y, with that header line) or, for a .npy name, as a float32
array of shape (records, 2); --png and --svg draw the map, coloured by --labels.</source>
        <translation>Ordnet jeden Eintrag einer Bilddatei in der Ebene an, ähnliche Einträge nahe
beieinander: die PCA-Komponenten der Einträge, ihre nächsten Nachbarn, dann eine
Anordnung dieses Nachbarschaftsgraphen (ähnlich wie UMAP; derselbe Startwert ergibt
dieselbe Karte). Schreibt die Koordinaten als CSV (Spalten record,x,y, mit dieser
Kopfzeile) oder, bei einem .npy-Namen, als float32-Array der Form (Einträge, 2); --png
und --svg zeichnen die Karte, gefärbt nach --labels.</translation>
    </message>
    <message>
        <source>Its labels: the drawing&apos;s colours.</source>
        <translation>Die zugehörigen Labels: sie bestimmen die Farben der Zeichnung.</translation>
    </message>
    <message>
        <source>Where the coordinates go (.csv or .npy; required).</source>
        <translation>Wohin die Koordinaten geschrieben werden (.csv oder .npy; erforderlich).</translation>
    </message>
    <message>
        <source>Also draw the map as a PNG image.</source>
        <translation>Die Karte zusätzlich als PNG-Bild zeichnen.</translation>
    </message>
    <message>
        <source>Also draw the map as SVG.</source>
        <translation>Die Karte zusätzlich als SVG zeichnen.</translation>
    </message>
    <message>
        <source>The drawing&apos;s side in pixels (default 1024).</source>
        <translation>Seitenlänge der Zeichnung in Pixeln (Standard: 1024).</translation>
    </message>
    <message>
        <source>The layout&apos;s seed (default 1).</source>
        <translation>Startwert (Seed) der Anordnung (Standard: 1).</translation>
    </message>
    <message>
        <source>Layout epochs (default 500 up to 10,000 records, 200 beyond).</source>
        <translation>Epochen der Anordnung (Standard: 500 bei bis zu 10.000 Einträgen, darüber 200).</translation>
    </message>
    <message>
        <source>Neighbours per record in the graph (default 10).</source>
        <translation>Nachbarn je Eintrag im Graphen (Standard: 10).</translation>
    </message>
    <message>
        <source>PCA components the neighbours are found in (default 50); 0: the values themselves.</source>
        <translation>PCA-Komponenten, in denen die Nachbarn gesucht werden (Standard: 50); 0: die Werte selbst.</translation>
    </message>
    <message>
        <source>--out COORDS.csv (or .npy) is required: where the coordinates go</source>
        <translation>--out COORDS.csv (oder .npy) ist erforderlich: wohin die Koordinaten geschrieben werden</translation>
    </message>
    <message>
        <source>map</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>not enough memory for the map of these records</source>
        <translation>nicht genug Arbeitsspeicher für die Karte dieser Einträge</translation>
    </message>
    <message>
        <source>the map was interrupted</source>
        <translation>die Berechnung der Karte wurde unterbrochen</translation>
    </message>
    <message>
        <source>not enough memory for a drawing of %1 × %1 pixels</source>
        <translation>nicht genug Arbeitsspeicher für eine Zeichnung mit %1 × %1 Pixeln</translation>
    </message>
    <message>
        <source>%1 records placed; coordinates in %2
</source>
        <translation>%1 Einträge angeordnet; Koordinaten in %2
</translation>
    </message>
    <message>
        <source>Writes IN as canonical IDX (big-endian, the declared payload only), read as the options
say: --type for a wrong or unknown type code, --byte-order little for a little-endian
payload or a whole-file little-endian IDX. With --auto, applies only the unambiguous
remedies (a reversed header that reads whole, a payload whose bytes read little-endian,
the one plausible type of a payload that is an exact multiple of the declared size);
otherwise exits 1 listing the candidates. OUT&apos;s name chooses the container (.gz, .xz,
else raw); writing is atomic.</source>
        <translation>Schreibt IN als kanonisches IDX (big-endian, nur die angegebenen Nutzdaten), so gelesen,
wie die Optionen es angeben: --type für einen falschen oder unbekannten Typcode,
--byte-order little für little-endian gespeicherte Nutzdaten oder eine vollständig
little-endian geschriebene IDX-Datei. Mit --auto werden nur die eindeutigen Abhilfen
angewandt (ein umgekehrter Header, mit dem sich die ganze Datei lesen lässt, Nutzdaten,
deren Bytes sich little-endian lesen lassen, der einzige plausible Typ von Nutzdaten, die
ein genaues Vielfaches der angegebenen Größe sind); andernfalls endet der Befehl mit
Status 1 und listet die Kandidaten auf. Der Name von OUT bestimmt den Container (.gz,
.xz, sonst unkomprimiert); das Schreiben ist atomar.</translation>
    </message>
    <message>
        <source>The file to repair (raw, .gz or .xz).</source>
        <translation>Die zu reparierende Datei (unkomprimiert, .gz oder .xz).</translation>
    </message>
    <message>
        <source>Apply the unambiguous remedies found in IN.</source>
        <translation>Die in IN gefundenen eindeutigen Abhilfen anwenden.</translation>
    </message>
    <message>
        <source>no unambiguous repair: choose one of the candidates</source>
        <translation>keine eindeutige Reparatur: wählen Sie einen der Kandidaten</translation>
    </message>
    <message>
        <source>; no repair is known for this</source>
        <translation>; dafür ist keine Reparatur bekannt</translation>
    </message>
    <message>
        <source>; no unambiguous repair</source>
        <translation>; keine eindeutige Reparatur</translation>
    </message>
    <message>
        <source>candidates (give their options instead of --auto):
</source>
        <translation>Kandidaten (geben Sie statt --auto deren Optionen an):
</translation>
    </message>
    <message>
        <source>%1: wrote %2 (%3, %4)%5
</source>
        <translation>%1: %2 geschrieben (%3, %4)%5
</translation>
    </message>
    <message>
        <source>Writes DIR/sprite.png for the TensorBoard Projector: the records tiled into a square
grid, row-major, at most 8192x8192 pixels; with --labels also DIR/metadata.tsv, one
label per line in the same order, and a second column with the class names when they
are known (a known dataset, or --class-names). Existing files are not replaced without
--overwrite.</source>
        <translation>Schreibt DIR/sprite.png für den TensorBoard Projector: die Einträge als Kacheln in einem
quadratischen Raster, zeilenweise, höchstens 8192x8192 Pixel; mit --labels auch
DIR/metadata.tsv, ein Label pro Zeile in derselben Reihenfolge, und eine zweite Spalte
mit den Klassennamen, wenn diese bekannt sind (ein bekannter Datensatz oder
--class-names). Vorhandene Dateien werden ohne --overwrite nicht ersetzt.</translation>
    </message>
    <message>
        <source>The folder for sprite.png and metadata.tsv (created if missing).</source>
        <translation>Der Ordner für sprite.png und metadata.tsv (wird bei Bedarf angelegt).</translation>
    </message>
    <message>
        <source>Labels file: writes metadata.tsv.</source>
        <translation>Labeldatei: damit wird auch metadata.tsv geschrieben.</translation>
    </message>
    <message>
        <source>Enlarge each tile by N (default 1).</source>
        <translation>Jede Kachel um den Faktor N vergrößern (Standard: 1).</translation>
    </message>
    <message>
        <source>Replace existing sprite.png / metadata.tsv.</source>
        <translation>Vorhandene sprite.png / metadata.tsv ersetzen.</translation>
    </message>
    <message>
        <source>--class-names names the labels of --labels: give the labels file too</source>
        <translation>--class-names benennt die Labels von --labels: geben Sie auch die Labeldatei an</translation>
    </message>
    <message>
        <source>is a file; --out wants a folder</source>
        <translation>ist eine Datei; --out erwartet einen Ordner</translation>
    </message>
    <message>
        <source>the record range is empty: there is nothing to put in a sprite</source>
        <translation>der Eintragsbereich ist leer: es gibt nichts für ein Sprite-Sheet</translation>
    </message>
    <message>
        <source>the folder cannot be created</source>
        <translation>der Ordner kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>%1 records in a %2x%2 grid of %3x%4 tiles: %5
</source>
        <translation>%1 Einträge in einem %2x%2-Raster aus %3x%4-Kacheln: %5
</translation>
    </message>
    <message>
        <source>count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>min</source>
        <translation>Min</translation>
    </message>
    <message>
        <source>max</source>
        <translation>Max</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>std</source>
        <translation>Std.-Abw.</translation>
    </message>
    <message>
        <source>nan</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>+inf</source>
        <translation>+Inf</translation>
    </message>
    <message>
        <source>-inf</source>
        <translation>-Inf</translation>
    </message>
    <message>
        <source>zeros</source>
        <translation>Nullen</translation>
    </message>
    <message>
        <source>histogram</source>
        <translation>Histogramm</translation>
    </message>
    <message>
        <source>%1 bins (--json lists them)</source>
        <translation>%1 Intervalle (--json listet sie auf)</translation>
    </message>
    <message>
        <source>  per label:
</source>
        <translation>  je Label:
</translation>
    </message>
    <message>
        <source>label</source>
        <translation>Label</translation>
    </message>
    <message>
        <source>    %1 records without a label
</source>
        <translation>    Einträge ohne Label: %1
</translation>
    </message>
    <message>
        <source>Value statistics of an IDX file (or a range of its records): count, min, max, mean,
population std, NaN/+Inf/-Inf and zero counts, a histogram; per label with --labels.</source>
        <translation>Wertestatistik einer IDX-Datei (oder eines Bereichs ihrer Einträge): Anzahl, Min, Max,
Mittelwert, Standardabweichung der Grundgesamtheit, Anzahl von NaN/+Inf/-Inf und
Nullen, ein Histogramm; mit --labels auch je Label.</translation>
    </message>
    <message>
        <source>Labels file: also statistics per label.</source>
        <translation>Labeldatei: zusätzlich Statistik je Label.</translation>
    </message>
    <message>
        <source>Histogram bins for 16-bit and wider types (default 256; 8-bit types get one bin per value).</source>
        <translation>Histogramm-Intervalle für 16-Bit- und breitere Typen (Standard: 256; 8-Bit-Typen erhalten ein Intervall je Wert).</translation>
    </message>
    <message>
        <source>statistics</source>
        <translation>Statistik</translation>
    </message>
    <message>
        <source>the statistics could not be computed</source>
        <translation>die Statistik konnte nicht berechnet werden</translation>
    </message>
    <message>
        <source>the per-label statistics could not be computed</source>
        <translation>die Statistik je Label konnte nicht berechnet werden</translation>
    </message>
    <message>
        <source>Writes a PNG thumbnail of an IDX file: the first record, or a small grid of the first
records, fitted into SIZE x SIZE. For file managers (freedesktop thumbnailer).</source>
        <translation>Schreibt ein PNG-Vorschaubild einer IDX-Datei: den ersten Eintrag oder ein kleines
Raster der ersten Einträge, eingepasst in SIZE x SIZE. Für Dateimanager
(freedesktop-Thumbnailer).</translation>
    </message>
    <message>
        <source>An IDX file (raw, .gz or .xz), a path or a file: URI.</source>
        <translation>Eine IDX-Datei (unkomprimiert, .gz oder .xz), als Pfad oder file:-URI.</translation>
    </message>
    <message>
        <source>The PNG to write.</source>
        <translation>Die zu schreibende PNG-Datei.</translation>
    </message>
    <message>
        <source>The largest width and height.</source>
        <translation>Maximale Breite und Höhe.</translation>
    </message>
    <message>
        <source>--size is required</source>
        <translation>--size ist erforderlich</translation>
    </message>
    <message>
        <source>Checks IDX files and prints one line per file: &apos;FILE: OK&apos;, &apos;FILE: OK with warnings: ...&apos;
or &apos;FILE: error: ...&apos;. A truncated payload is an error. Exit status 1 if any file is invalid.</source>
        <translation>Prüft IDX-Dateien und gibt je Datei eine Zeile aus: „FILE: OK“, „FILE: OK with warnings: ...“
oder „FILE: error: ...“. Abgeschnittene Nutzdaten sind ein Fehler. Exit-Status 1, wenn eine
Datei ungültig ist.</translation>
    </message>
    <message>
        <source> (try %1)</source>
        <translation> (versuchen Sie %1)</translation>
    </message>
    <message>
        <source>%1: error: %2%3
</source>
        <translation>%1: error: %2%3
</translation>
    </message>
    <message>
        <source>%1: OK
</source>
        <translation>%1: OK
</translation>
    </message>
    <message>
        <source>%1: OK with warnings: %2%3
</source>
        <translation>%1: OK with warnings: %2%3
</translation>
    </message>
    <message>
        <source>%1: error: %2: %3
</source>
        <translation>%1: Fehler: %2: %3
</translation>
    </message>
    <message>
        <source>%1: warning: %2: %3
</source>
        <translation>%1: Warnung: %2: %3
</translation>
    </message>
    <message>
        <source>%1: error: %2
</source>
        <translation>%1: Fehler: %2
</translation>
    </message>
    <message>
        <source>%1: hint: %2: %3
</source>
        <translation>%1: Hinweis: %2: %3
</translation>
    </message>
    <message>
        <source>%1 (records %2:%3)
</source>
        <translation>%1 (Einträge %2:%3)
</translation>
    </message>
    <message numerus="yes">
        <source>  format:          %1 archive of %n array(s); open one as %2:NAME
</source>
        <translation>
            <numerusform>  Format:          %1-Archiv mit %n Array; eines davon öffnen als %2:NAME
</numerusform>
            <numerusform>  Format:          %1-Archiv mit %n Arrays; eines davon öffnen als %2:NAME
</numerusform>
        </translation>
    </message>
    <message>
        <source>
Suspected label errors (another label has more of the neighbours&apos; votes, the nearest weighing most, and the record&apos;s own at most %1%): %2
</source>
        <translation>
Vermutete Beschriftungsfehler (eine andere Beschriftung hat mehr Stimmen der Nachbarn, die nächsten zählen am meisten, und die eigene höchstens %1&#xa0;%): %2
</translation>
    </message>
    <message>
        <source>  %1  label %2, suggested %3 (%4% of the votes)  score %5
</source>
        <translation>  %1  Beschriftung %2, vorgeschlagen %3 (%4 % der Stimmen)  Wert %5
</translation>
    </message>
    <message>
        <source>
Class overlap (records of either class whose neighbours vote for the other): %1 pairs
</source>
        <translation>
Klassenüberlappung (Datensätze einer Klasse, deren Nachbarn für die andere stimmen): %1 Paare
</translation>
    </message>
    <message>
        <source>  %1 ~ %2  %3 records (%4% of both classes)
</source>
        <translation>  %1 ~ %2  %3 Datensätze (%4 % beider Klassen)
</translation>
    </message>
    <message>
        <source>  … %1 more (--json lists them all)
</source>
        <translation>  … %1 weitere (--json listet alle)
</translation>
    </message>
    <message>
        <source>Its labels: also suspected label errors and class overlap.</source>
        <translation>Seine Beschriftungen: auch vermutete Beschriftungsfehler und Klassenüberlappung.</translation>
    </message>
    <message>
        <source>Neighbours searched approximately (HNSW): %1% of the true neighbours found, measured on %2 records
</source>
        <translation>Nachbarn näherungsweise gesucht (HNSW): %1 % der wahren Nachbarn gefunden, gemessen an %2 Einträgen
</translation>
    </message>
    <message>
        <source>How neighbours are searched: exact, approximate (HNSW, its recall measured on a
sample) or auto (default: exact up to %L1 records, approximate beyond).</source>
        <translation>Wie Nachbarn gesucht werden: exact (exakt), approximate (näherungsweise, HNSW, die
Trefferquote an einer Stichprobe gemessen) oder auto (Vorgabe: exakt bis %L1 Einträge,
darüber näherungsweise).</translation>
    </message>
    <message>
        <source>--search takes exact, approximate or auto, not &apos;%1&apos;</source>
        <translation>--search nimmt exact, approximate oder auto, nicht „%1“</translation>
    </message>
    <message>
        <source>Find exact and near duplicates, suspected label errors and outliers among the records of
an images file, and with --against, leakage between two splits (a training and a test
file) and test records whose training neighbours carry another label. Records are
compared on a PCA projection; k-nearest neighbours, exact (approximate for large files,
see --search). Neighbour graphs are cached by content, so a second audit of the same
data is quick.</source>
        <translation>Findet exakte Duplikate, Beinahe-Duplikate, vermutete Labelfehler und Ausreißer unter den
Einträgen einer Bilddatei, mit --against außerdem Datenlecks zwischen zwei Splits (einer
Trainings- und einer Testdatei) sowie Testeinträge, deren Trainingsnachbarn ein anderes
Label tragen. Einträge werden in einer PCA-Projektion verglichen; die k nächsten Nachbarn
werden exakt bestimmt (bei großen Dateien näherungsweise, siehe --search).
Nachbarschaftsgraphen werden nach Inhalt zwischengespeichert, daher ist eine zweite
Prüfung derselben Daten schnell.</translation>
    </message>
    <message>
        <source>the module of the image commands could not be loaded: %1</source>
        <translation>das Modul der Bildbefehle konnte nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>is not the module of the image commands (%1)</source>
        <translation>ist nicht das Modul der Bildbefehle (%1)</translation>
    </message>
    <message>
        <source>Converts an IDX file by the output&apos;s name: .npy (NumPy), .csv, .gz (gzip IDX), .xz (xz
IDX), anything else raw IDX. Writing is atomic: an existing OUT is replaced only on success,
and once the new file is on the disk; a new OUT is not waited for (as with gzip -d).
The CSV of a known label table (QMNIST&apos;s) begins with a line of its column names.</source>
        <translation>Konvertiert eine IDX-Datei je nach Name der Ausgabedatei: .npy (NumPy), .csv, .gz
(gzip-IDX), .xz (xz-IDX), alles andere unkomprimiertes IDX. Das Schreiben ist atomar:
Eine vorhandene Datei OUT wird nur bei Erfolg ersetzt, und erst wenn die neue auf dem
Datenträger ist; auf eine neue Datei OUT wird nicht gewartet (wie bei gzip -d).
Die CSV-Datei einer bekannten Labeltabelle (QMNIST) beginnt mit einer Zeile ihrer Spaltennamen.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; needs the module of the image commands, which is missing (looked for it at: %2)</source>
        <translation>„%1“ braucht das Modul der Bildbefehle, das fehlt (gesucht unter: %2)</translation>
    </message>
</context>
</TS>
