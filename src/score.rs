//! Show and pegging scoring (in progress).
