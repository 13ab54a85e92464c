// The vocabulary the IR and its clients speak, re-exported: a client of the IR (the solvers, the
// runtime) imports StackIR alone and sees these, never the checked tree the IR was lowered from.
// The attributes, relations and stack properties the constraints are written in:
@_exported import enum StackSemantics.Alignment
@_exported import enum StackSemantics.AnchorAttribute
@_exported import enum StackSemantics.Axis
@_exported import enum StackSemantics.Distribution
@_exported import struct StackSemantics.Insets
@_exported import enum StackSemantics.Relation
// The IR text's number format, and the stable IDs and severities a solver's findings are reported with:
@_exported import func StackSyntax.formatNumber
@_exported import enum StackSyntax.DiagnosticID
@_exported import enum StackSyntax.Severity
