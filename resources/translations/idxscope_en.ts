<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Editing</name>
    <message numerus="yes">
        <source>Set Label of %n Records</source>
        <translation>
            <numerusform>Set Label of %n Record</numerusform>
            <numerusform>Set Label of %n Records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n Records</source>
        <translation>
            <numerusform>Delete %n Record</numerusform>
            <numerusform>Delete %n Records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Duplicate %n Records</source>
        <translation>
            <numerusform>Duplicate %n Record</numerusform>
            <numerusform>Duplicate %n Records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Move %n Records</source>
        <translation>
            <numerusform>Move %n Record</numerusform>
            <numerusform>Move %n Records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Apply Change Log (%n Labels)</source>
        <translation>
            <numerusform>Apply Change Log (%n Label)</numerusform>
            <numerusform>Apply Change Log (%n Labels)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportTasks</name>
    <message numerus="yes">
        <source>Cancelled; %n file(s) written before the cancel could not be removed: %1</source>
        <translation>
            <numerusform>Cancelled; %n file written before the cancel could not be removed: %1</numerusform>
            <numerusform>Cancelled; %n files written before the cancel could not be removed: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) exist already.</source>
        <translation>
            <numerusform>%n file exists already.</numerusform>
            <numerusform>%n files exist already.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved a %1×%1 sprite sheet of %n record(s) to %2</source>
        <translation>
            <numerusform>Saved a %1×%1 sprite sheet of %n record to %2</numerusform>
            <numerusform>Saved a %1×%1 sprite sheet of %n records to %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n record(s) to %1 and their labels to %2</source>
        <translation>
            <numerusform>Saved %n record to %1 and its label to %2</numerusform>
            <numerusform>Saved %n records to %1 and their labels to %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n record(s) to %1</source>
        <translation>
            <numerusform>Saved %n record to %1</numerusform>
            <numerusform>Saved %n records to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n image(s) of %1×%2 into %3</source>
        <translation>
            <numerusform>Imported %n image of %1×%2 into %3</numerusform>
            <numerusform>Imported %n images of %1×%2 into %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln PNG file(s) to %1</source>
        <translation>
            <numerusform>Exported %Ln PNG file to %1</numerusform>
            <numerusform>Exported %Ln PNG files to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx</name>
    <message numerus="yes">
        <source>a labels file must be 1-D or 2-D, but this one has %n dimension(s)</source>
        <translation>
            <numerusform>a labels file must be 1-D or 2-D, but this one has %n dimension</numerusform>
            <numerusform>a labels file must be 1-D or 2-D, but this one has %n dimensions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s) after the last gzip member (at compressed byte %1) are not gzip data and were ignored</source>
        <translation>
            <numerusform>%n byte after the last gzip member (at compressed byte %1) is not gzip data and was ignored</numerusform>
            <numerusform>%n bytes after the last gzip member (at compressed byte %1) are not gzip data and were ignored</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>file is %n byte(s) long, shorter than the 4-byte IDX magic number</source>
        <translation>
            <numerusform>file is %n byte long, shorter than the 4-byte IDX magic number</numerusform>
            <numerusform>file is %n bytes long, shorter than the 4-byte IDX magic number</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trailing byte(s) follow the payload</source>
        <translation>
            <numerusform>%n trailing byte follows the payload</numerusform>
            <numerusform>%n trailing bytes follow the payload</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>header declares %n dimension(s), which need %1 header bytes, but the file ends after %2</source>
        <translation>
            <numerusform>header declares %n dimension, which needs %1 header bytes, but the file ends after %2</numerusform>
            <numerusform>header declares %n dimensions, which need %1 header bytes, but the file ends after %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n %1 value(s) beyond 2^53 were rounded to the nearest float64; IDX has no type that holds them exactly</source>
        <translation>
            <numerusform>%n %1 value beyond 2^53 was rounded to the nearest float64; IDX has no type that holds it exactly</numerusform>
            <numerusform>%n %1 values beyond 2^53 were rounded to the nearest float64; IDX has no type that holds them exactly</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (declared payload: %n byte(s))</source>
        <translation>
            <numerusform> (declared payload: %n byte)</numerusform>
            <numerusform> (declared payload: %n bytes)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ignore the %n trailing byte(s)</source>
        <translation>
            <numerusform>ignore the %n trailing byte</numerusform>
            <numerusform>ignore the %n trailing bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>type code %1 is not IDX&apos;s; %2 payload bytes fit %3 values of %n byte(s)</source>
        <translation>
            <numerusform>type code %1 is not IDX&apos;s; %2 payload bytes fit %3 values of %n byte</numerusform>
            <numerusform>type code %1 is not IDX&apos;s; %2 payload bytes fit %3 values of %n bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n %1 value(s) beyond 2^53 were rounded to the nearest float64</source>
        <translation>
            <numerusform>%n %1 value beyond 2^53 was rounded to the nearest float64</numerusform>
            <numerusform>%n %1 values beyond 2^53 were rounded to the nearest float64</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the header bytes are reversed: this looks like a whole-file little-endian IDX (type code 0x%1, %n dimension(s)); IDX is big-endian</source>
        <translation>
            <numerusform>the header bytes are reversed: this looks like a whole-file little-endian IDX (type code 0x%1, %n dimension); IDX is big-endian</numerusform>
            <numerusform>the header bytes are reversed: this looks like a whole-file little-endian IDX (type code 0x%1, %n dimensions); IDX is big-endian</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::ChangeLogActions</name>
    <message numerus="yes">
        <source>%n label changes written to %1.</source>
        <translation>
            <numerusform>%n label change written to %1.</numerusform>
            <numerusform>%n label changes written to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::ClassChart</name>
    <message numerus="yes">
        <source>Class %1: %n records
Click to show only this class, Ctrl+click to add or remove it</source>
        <translation>
            <numerusform>Class %1: %n record
Click to show only this class, Ctrl+click to add or remove it</numerusform>
            <numerusform>Class %1: %n records
Click to show only this class, Ctrl+click to add or remove it</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::ContactSheetDialog</name>
    <message numerus="yes">
        <source>%n record(s) in %1 × %2 tiles</source>
        <translation>
            <numerusform>%n record in %1 × %2 tiles</numerusform>
            <numerusform>%n records in %1 × %2 tiles</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::EditController</name>
    <message numerus="yes">
        <source>Move %n records to index:</source>
        <translation>
            <numerusform>Move %n record to index:</numerusform>
            <numerusform>Move %n records to index:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Label of the %n selected records:</source>
        <translation>
            <numerusform>Label of the %n selected record:</numerusform>
            <numerusform>Label of the %n selected records:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::ExportController</name>
    <message numerus="yes">
        <source>Exporting %n PNG file(s)</source>
        <translation>
            <numerusform>Exporting %n PNG file</numerusform>
            <numerusform>Exporting %n PNG files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Writing %n record(s)</source>
        <translation>
            <numerusform>Writing %n record</numerusform>
            <numerusform>Writing %n records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Writing a subset of %n record(s)</source>
        <translation>
            <numerusform>Writing a subset of %n record</numerusform>
            <numerusform>Writing a subset of %n records</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::ExportPrompts</name>
    <message numerus="yes">
        <source>Save the Subset (%n record(s))</source>
        <translation>
            <numerusform>Save the Subset (%n Record)</numerusform>
            <numerusform>Save the Subset (%n Records)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::GalleryView</name>
    <message numerus="yes">
        <source>Labels: %1 (%n records)</source>
        <translation>
            <numerusform>Labels: %1 (%n record)</numerusform>
            <numerusform>Labels: %1 (%n records)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Only %1 (%n records) ✕</source>
        <translation>
            <numerusform>Only %1 (%n record) ✕</numerusform>
            <numerusform>Only %1 (%n records) ✕</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::HeaderPanel</name>
    <message numerus="yes">
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n byte</numerusform>
            <numerusform>%n bytes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::JournalRecovery</name>
    <message numerus="yes">
        <source>Recovered %n edits. %1</source>
        <translation>
            <numerusform>Recovered %n edit. %1</numerusform>
            <numerusform>Recovered %n edits. %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::OverlapModel</name>
    <message numerus="yes">
        <source>%n record(s) labelled %1 whose neighbours favour %2</source>
        <translation>
            <numerusform>%n record labelled %1 whose neighbours favour %2</numerusform>
            <numerusform>%n records labelled %1 whose neighbours favour %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 ~ %2: %n record(s) (%3%)</source>
        <translation>
            <numerusform>%1 ~ %2: %n record (%3%)</numerusform>
            <numerusform>%1 ~ %2: %n records (%3%)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::RecoveryPrompt</name>
    <message numerus="yes">
        <source>Discard the unsaved changes to %n file(s)? They cannot be recovered afterwards.</source>
        <translation>
            <numerusform>Discard the unsaved changes to %n file? They cannot be recovered afterwards.</numerusform>
            <numerusform>Discard the unsaved changes to %n files? They cannot be recovered afterwards.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>IdxScope closed with unsaved changes to %n file(s).</source>
        <translation>
            <numerusform>IdxScope closed with unsaved changes to %n file.</numerusform>
            <numerusform>IdxScope closed with unsaved changes to %n files.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) changed or were removed since; their unsaved changes cannot be applied and stay here until you discard them.</source>
        <translation>
            <numerusform>%n file changed or was removed since; its unsaved changes cannot be applied and stay here until you discard them.</numerusform>
            <numerusform>%n files changed or were removed since; their unsaved changes cannot be applied and stay here until you discard them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n edit(s)</source>
        <translation>
            <numerusform>%1 — %n edit</numerusform>
            <numerusform>%1 — %n edits</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idx::gui::TableView</name>
    <message numerus="yes">
        <source> — %n rows loaded so far</source>
        <translation>
            <numerusform> — %n row loaded so far</numerusform>
            <numerusform> — %n rows loaded so far</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>idxscope_cli</name>
    <message numerus="yes">
        <source>  format:          %1 archive of %n array(s); open one as %2:NAME
</source>
        <translation>
            <numerusform>  format:          %1 archive of %n array; open one as %2:NAME
</numerusform>
            <numerusform>  format:          %1 archive of %n arrays; open one as %2:NAME
</numerusform>
        </translation>
    </message>
</context>
</TS>
